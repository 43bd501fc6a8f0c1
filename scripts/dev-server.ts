// The Vite dev server's side of `npm run dev` (scripts/dev.mjs; vite.config.ts adds these plugins, which
// apply to `vite dev` only). Decision 038.
import { relative } from 'node:path';
import type { Plugin } from 'vite';

const DEV_ENTRY = 'byline:dev-entry';
const LINKED_STYLESHEETS = ['web/styles.css'];
const LINKED_STYLESHEET = '\0byline:linked-stylesheet';

/**
 * No build, so no manifest for the Worker to read which client files a page needs
 * (worker/render/client-assets.ts): the dev server answers the Worker's /manifest.json itself. The entry is
 * a module that installs React Fast Refresh's preamble before the app; the stylesheet is linked as in a
 * build, and Vite hot-reloads the link. The app's own `import './styles.css'` would add the same CSS again
 * as a <style> element, which the site's CSP (style-src 'self') refuses: here it imports nothing.
 */
function devClientManifest(): Plugin {
  const manifest = { 'web/entry-client.tsx': { file: `@id/__x00__${DEV_ENTRY}`, css: LINKED_STYLESHEETS } };
  let root = '';
  return {
    name: 'byline:dev-client-manifest',
    enforce: 'pre',
    apply: 'serve',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved: (config) => void (root = config.root),
    async resolveId(source, importer, options) {
      if (source === DEV_ENTRY) return `\0${DEV_ENTRY}`;
      if (!source.endsWith('.css') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && LINKED_STYLESHEETS.includes(relative(root, resolved.id)) ? LINKED_STYLESHEET : null;
    },
    load(id) {
      if (id === `\0${DEV_ENTRY}`) return "import '@vitejs/plugin-react/preamble';\nimport '/web/entry-client.tsx';\n";
      return id === LINKED_STYLESHEET ? 'export {};' : null;
    },
    configureServer(server) {
      server.middlewares.use('/manifest.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(manifest));
      });
    },
  };
}

const VALIDATORS = /^(?:cache-control|pragma|if-none-match)$/i;

/**
 * An edit changes no edge-cache version (the deployment id is fixed while the server runs), so every
 * request the Worker gets asks for a fresh answer, as a hard reload does: pages show the code as it is now.
 * It runs after Vite's own middlewares and before the Worker's; the plugin hands the Worker req.rawHeaders.
 */
function devFreshAnswers(): Plugin {
  return {
    name: 'byline:dev-fresh-answers',
    apply: 'serve',
    configureServer: (server) => () => {
      server.middlewares.use((req, _res, next) => {
        const kept: string[] = [];
        for (let i = 0; i < req.rawHeaders.length; i += 2) {
          const name = req.rawHeaders[i] ?? '';
          if (!VALIDATORS.test(name)) kept.push(name, req.rawHeaders[i + 1] ?? '');
        }
        req.rawHeaders.splice(0, req.rawHeaders.length, ...kept, 'Cache-Control', 'no-cache');
        next();
      });
    },
  };
}

export const devServerPlugins = (): Plugin[] => [devClientManifest(), devFreshAnswers()];
