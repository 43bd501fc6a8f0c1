// What `npm start` and `npm run dev` do before serving: dependencies, local secrets, the local D1 migrated,
// the demo content seeded once (scripts/seed.ts changes nothing when there are users).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDevVars } from './dev-vars.mjs';
import { d1Local, run } from './run.mjs';

/** Where wrangler dev and the Vite dev server keep the local D1 and R2 (both add /v3). */
export const PERSIST = '.wrangler/state';

const quiet = { env: { CI: 'true' } }; // no interactive prompts from wrangler

/** `build`: also build the client and the Worker (npm start serves the build; the dev server builds nothing). */
export function prepareLocalSite({ build }) {
  if (!existsSync('node_modules/.package-lock.json')) run('npm', ['ci', '--no-audit', '--no-fund']);
  ensureDevVars();
  if (build) run('npx', ['vite', 'build']);
  run('npx', d1Local(PERSIST, 'migrations', 'apply'), quiet);
  run('npx', ['tsx', 'scripts/seed.ts', '--persist-to', PERSIST], quiet);
}

/** Runs a local binary (node_modules/.bin) until it ends, passing it Ctrl+C or SIGTERM, and exits with its code. */
export function serveUntilStopped(binary, args) {
  const server = spawn(`node_modules/.bin/${binary}`, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}
