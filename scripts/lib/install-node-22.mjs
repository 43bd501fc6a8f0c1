// First import of `npm start`, `npm run dev` and `npm test`, which install when needed. On a fresh clone the script starts on
// the system Node (maybe 20): it installs (`npm ci`, which links Node 22 from the npm registry into
// node_modules/.bin), then, if this Node is older than 22.12, runs the same script again on node_modules/.bin/node
// and exits with its code. Every other script only checks (node-22.mjs), which is imported next.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('\n$ npm ci --no-audit --no-fund');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) {
    console.error(`\n✗ npm ci failed (exit ${install.status ?? install.signal})`);
    process.exit(install.status ?? 1);
  }
}
const [major, minor] = process.versions.node.split('.').map(Number);
const local = 'node_modules/.bin/node';
if ((major < 22 || (major === 22 && minor < 12)) && existsSync(local)) {
  const again = spawnSync(local, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}
