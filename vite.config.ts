import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the client (web/entry-client.tsx, with a manifest the Worker reads) and the Worker itself.
export default defineConfig({
  plugins: [react(), cloudflare()],
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
