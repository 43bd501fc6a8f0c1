import './scripts/lib/node-22.mjs';
import { defineConfig } from 'vitest/config';

// Client unit tests: plain Vitest in happy-dom, no Cloudflare plugin. JSX (if any) follows tsconfig's react-jsx.
export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['tests/web/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
