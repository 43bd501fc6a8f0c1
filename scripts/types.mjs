// Generates worker-configuration.d.ts (the Worker's binding and runtime types) from wrangler.toml and
// .dev.vars; it is a build product, not source, so it is not committed. The type check runs this first.
import './lib/node-22.mjs';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { run } from './lib/run.mjs';

ensureDevVars();
run('npx', ['wrangler', 'types'], { env: { CI: 'true' } });
