import './scripts/lib/node-22.mjs';
import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import type { CodeSplittingNameFunction } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { devServerPlugins } from './scripts/dev-server';
import { localVars } from './scripts/lib/dev-vars.mjs';

// The browser runs Preact through preact/compat where the code says React; the Worker keeps React 19
// for server rendering. See docs/decisions/011-client-bytes.md (React's client is ~57 KB gzipped of the
// ~60 KB budget for a first visit; Preact's is ~5 KB).
const REACT_IN_THE_BROWSER: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

function preactInTheBrowser(): Plugin {
  return {
    name: 'byline:preact-in-the-browser',
    enforce: 'pre',
    apply: 'build', // `vite dev` (React Fast Refresh) keeps React
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer, options) {
      const target = REACT_IN_THE_BROWSER[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

// The browser routes with the small router in web/lib/router, which serves the names the app imports from
// 'react-router-dom' (docs/decisions/073: React Router was 28 KB of a post's 64 KB of JavaScript). The Worker
// renders with React Router; `vite dev` uses the small router too, as web/entry-client.tsx starts it.
const SMALL_ROUTER = fileURLToPath(new URL('./web/lib/router/react-router-dom.ts', import.meta.url));

function smallRouterInTheBrowser(): Plugin {
  return {
    name: 'byline:small-router-in-the-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === 'react-router-dom' ? SMALL_ROUTER : null),
  };
}

// The import's parsers and converters (fast-xml-parser, turndown with its DOM, fflate) run in the browser
// only, when an admin imports or exports (docs/decisions/024). The Worker renders those pages too, but
// never calls them: its build gets a stub, so none of that code is uploaded with the Worker.
const BROWSER_ONLY = /(?:^fflate$|\/web\/features\/admin\/import\/import-file(?:\.ts)?$)/;
const BROWSER_ONLY_STUB = '\0byline:browser-only';

function browserOnlyModules(): Plugin {
  return {
    name: 'byline:browser-only-modules',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    async resolveId(source, importer, options) {
      if (source === 'fflate') return BROWSER_ONLY_STUB;
      if (!source.includes('import-file')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && BROWSER_ONLY.test(resolved.id) ? BROWSER_ONLY_STUB : null;
    },
    load(id) {
      if (id !== BROWSER_ONLY_STUB) return null;
      const fail = "() => { throw new Error('Import and export files are made in the browser'); }";
      return `export const parseImportFile = ${fail}; export const NEITHER_FORMAT = ''; export const zipSync = ${fail}; export const unzipSync = ${fail}; export const strToU8 = ${fail}; export const strFromU8 = ${fail};`;
    },
  };
}

// What a first visit to a post runs (the entry, the default layout, the post page and every module they import)
// ships as one chunk, not thirty: each small file cost its own gzip window and import lines (decision 073).
// Other pages and the admin keep their own lazily loaded chunks, importing from this one what they share.
const FIRST_VISIT_ROOTS = ['web/entry-client.tsx', 'web/app/default-layout.tsx', 'web/features/posts/post-page.tsx'].map((path) =>
  fileURLToPath(new URL(`./${path}`, import.meta.url)),
);

function firstVisitChunk(): CodeSplittingNameFunction {
  let firstVisit: Set<string> | null = null;
  return (id, context) => {
    if (!firstVisit) {
      firstVisit = new Set();
      const queue = [...FIRST_VISIT_ROOTS];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (firstVisit.has(next)) continue;
        firstVisit.add(next);
        queue.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return firstVisit.has(id) && !id.endsWith('.css') ? 'first-visit' : null;
  };
}

// Builds the client (web/entry-client.tsx, with a manifest the Worker reads) and the Worker itself; serves
// both with hot reload under `vite dev` (npm run dev), on the local D1 npm start uses (.wrangler/state).
export default defineConfig(({ command }) => {
  const devPort = Number(process.env.PORT ?? 5173);
  return {
    plugins: [
      preactInTheBrowser(),
      smallRouterInTheBrowser(),
      browserOnlyModules(),
      ...devServerPlugins(),
      react(),
      cloudflare(command === 'serve' ? { config: { vars: localVars(devPort) } } : {}),
    ],
    // The Worker asks its ASSETS binding, which the dev server answers, for https://assets.invalid/manifest.json
    // (a name that never resolves, so allowing it opens nothing to DNS rebinding).
    server: { port: devPort, strictPort: true, allowedHosts: ['assets.invalid'] },
    publicDir: 'web/public',
    environments: {
      client: {
        build: {
          manifest: 'manifest.json',
          modulePreload: false,
          rolldownOptions: { input: 'web/entry-client.tsx', output: { codeSplitting: { groups: [{ name: firstVisitChunk() }] } } },
        },
      },
    },
  };
});
