// npm start: install if needed, build, secrets, migrations, demo content once, then serve on :8787.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { devVar, ensureDevVars } from './lib/dev-vars.mjs';
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
console.log('Mail is not sent locally: every message (To, Subject, the text with its links) is printed below.\n');
// MAIL_LOG=console: the mailer prints each mail in full (wrangler's simulated send_email prints only To/Subject).
// SITE_URL: every mailed link is built from it (wrangler.toml leaves it empty until deploy); a SITE_URL
// in .dev.vars wins, for a local site reached under another name.
const siteUrl = devVar('SITE_URL') ?? `http://localhost:${PORT}`;
const server = spawn(
  'npx',
  ['wrangler', 'dev', '--port', PORT, '--persist-to', PERSIST, '--show-interactive-dev-session=false', '--var', 'MAIL_LOG:console', '--var', `SITE_URL:${siteUrl}`],
  { stdio: 'inherit' },
);
const stop = () => server.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
