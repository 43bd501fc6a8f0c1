// npm start: install if needed, build, secrets, migrations, demo content once, then serve on :8787.
import './lib/install-node-22.mjs';
import './lib/node-22.mjs';
import { localVars } from './lib/dev-vars.mjs';
import { PERSIST, prepareLocalSite, serveUntilStopped } from './lib/local-site.mjs';

const PORT = process.env.PORT ?? '8787';

prepareLocalSite({ build: true });
console.log(`\nServing Byline on http://localhost:${PORT}  (Ctrl+C to stop)\n`);
console.log('Mail is not sent locally: every message (To, Subject, the text with its links) is printed below.');
console.log(`The cron's jobs run on demand: curl http://localhost:${PORT}/__scheduled\n`);
const vars = Object.entries(localVars(PORT)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
// --test-scheduled: `curl http://localhost:PORT/__scheduled` (or `?cron=* * * * *` URL-encoded) runs the cron's jobs.
serveUntilStopped('wrangler', ['dev', '--port', PORT, '--persist-to', PERSIST, '--show-interactive-dev-session=false', '--test-scheduled', ...vars]);
