// npm run dev: what npm start prepares (but no build), then Vite's dev server with the Worker inside it
// (@cloudflare/vite-plugin) and hot reload, on PORT or 5173; vite.config.ts holds the dev server's side
// (docs/decisions/038).
import './lib/install-node-22.mjs';
import './lib/node-22.mjs';
import { prepareLocalSite, serveUntilStopped } from './lib/local-site.mjs';

prepareLocalSite({ build: false });
console.log('\nByline with hot reload: the address is printed below  (Ctrl+C to stop)');
console.log('Mail is not sent locally: every message (To, Subject, the text with its links) is printed below.');
console.log("The cron's jobs run on demand: curl '<address>/cdn-cgi/local/scheduled'  (?cron=… for one cron's)\n");
serveUntilStopped('vite', ['dev']);
