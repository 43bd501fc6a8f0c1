// npm start: install if needed, build, secrets, migrations, demo content once, then serve on :8787.
import './lib/install-node-22.mjs';
import './lib/node-22.mjs';
import { localVars } from './lib/dev-vars.mjs';
import { PERSIST, prepareLocalSite, serveUntilStopped } from './lib/local-site.mjs';

const PORT = process.env.PORT ?? '8787';

prepareLocalSite({ build: true });
console.log(`\nServing Byline on http://localhost:${PORT}  (Ctrl+C to stop)\n`);
console.log('Mail is not sent locally: every message (To, Subject, the text with its links) is printed below.');
console.log(`The cron's jobs run on demand: curl 'http://localhost:${PORT}/cdn-cgi/local/scheduled'  (?cron=… for one cron's)\n`);
const vars = Object.entries(localVars(PORT)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
// Cron Triggers never fire under `wrangler dev`; /cdn-cgi/local/scheduled (or the older /cdn-cgi/handler/scheduled)
// runs the scheduled handler with no flag needed: wrangler 4.156's --test-scheduled adds only /__scheduled, which
// never reaches it here (the assets router sends it to the Worker's 404 page).
serveUntilStopped('wrangler', ['dev', '--port', PORT, '--persist-to', PERSIST, '--show-interactive-dev-session=false', ...vars]);
