import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// Builds the client (web/entry-client.tsx, with a manifest the Worker reads) and the Worker itself.
export default defineConfig({
  plugins: [preactInTheBrowser(), react(), cloudflare()],
  publicDir: 'web/public',
  environments: {
    client: {
      build: {
        manifest: 'manifest.json',
        rollupOptions: { input: 'web/entry-client.tsx' },
      },
    },
  },
});
