// npm start: install if needed, build, secrets, migrations, demo content once, then serve on :8787.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { d1Local, run } from './lib/run.mjs';

const PERSIST = '.wrangler/state';
const PORT = process.env.PORT ?? '8787';
const quiet = { env: { CI: 'true' } }; // no interactive prompts from wrangler

if (!existsSync('node_modules/.package-lock.json')) run('npm', ['ci', '--no-audit', '--no-fund']);
ensureDevVars();
run('npx', ['vite', 'build']);
run('npx', d1Local(PERSIST, 'migrations', 'apply'), quiet);
run('npx', ['tsx', 'scripts/seed.ts', '--persist-to', PERSIST], quiet);

console.log(`\nServing Byline on http://localhost:${PORT}  (Ctrl+C to stop)\n`);
const server = spawn('npx', ['wrangler', 'dev', '--port', PORT, '--persist-to', PERSIST, '--show-interactive-dev-session=false'], {
  stdio: 'inherit',
});
const stop = () => server.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
