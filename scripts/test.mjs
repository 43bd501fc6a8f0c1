// npm test: the one gate — type check, lint, migrations' snapshot, client unit tests, build, Worker tests, browser tests, the deploy's dry run.
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
run('npm', ['run', 'deploy', '--', '--dry-run'], { env: { CI: 'true' } });
console.log(`\n✓ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
