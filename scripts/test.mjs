// npm test: the one gate — type check, lint, migrations' snapshot, client unit tests, build, Worker tests, browser tests, bundle check.
import './lib/install-node-22.mjs';
import './lib/node-22.mjs';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { run } from './lib/run.mjs';

const started = Date.now();
ensureDevVars();
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);
run('npm', ['run', 'check:migrations']);
run('npm', ['run', 'test:web']);
run('npx', ['vite', 'build']);
run('npm', ['run', 'test:worker']);
run('npm', ['run', 'test:e2e']);
run('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', 'dist/dry-run'], { env: { CI: 'true' } });
console.log(`\n✓ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
