// ESLint (flat config): recommended rules for TypeScript and React hooks, plus the import directions
// of the layout (docs/decisions/017-lint.md):
//
//   contracts  ←  web/lib  ←  web/components  ←  web/features/X  ←  web/app, web/entry-*
//
// - contracts/ imports nothing of ours (zod and the standard library only);
// - web/lib imports contracts and itself; web/components imports contracts, web/lib and itself;
// - a feature imports contracts, web/lib, web/components and its own folder (with its one level of
//   sub-folders) — never another feature;
// - nothing in web/ imports worker/;
// - worker/ imports from web/ only the server entry (web/entry-server.tsx re-exports what the HTML
//   document needs).
//
// All our imports are relative, and each layer sits at a fixed depth (contracts/*.ts, web/lib/*.ts,
// web/components/*.tsx, web/features/<feature>/*.tsx and <feature>/<part>/*.tsx), so ESLint's own `no-restricted-imports` with
// `regex` patterns states the directions without a resolver plugin.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Transitional: `paths` and `route-kit` are moving from web/app into web/lib; both places are allowed. */
const APP_MODULES_FOR_LOWER_LAYERS = ['paths', 'route-kit'];

/** The one module of web/ the Worker may import. */
const WORKER_MAY_IMPORT_FROM_WEB = ['entry-server'];

const either = (names) => `(?:${names.join('|')})`;

/** Folders of worker/ above each layer (docs/decisions/018-services-layer.md): a layer never imports them. */
const WORKER_ENTRY_LAYERS = ['routes', 'middleware', 'render', 'app'];
const WORKER_ABOVE_SERVICES = WORKER_ENTRY_LAYERS;
const WORKER_ABOVE_QUERIES = ['services', ...WORKER_ABOVE_SERVICES];
const WORKER_ABOVE_LIB = ['queries', ...WORKER_ABOVE_QUERIES];

/** Our source (tests excluded) and the most lines a file of it may have. */
const SOURCE_FILES = ['{contracts,web,worker,scripts}/**/*.{ts,tsx,js,mjs}', '*.{ts,js,mjs}'];
const MAX_SOURCE_LINES = 400;

/** One restricted-import pattern: `regex` is matched against the import string. */
const forbid = (regex, message) => ({ regex, message });

const NO_WORKER_IN_WEB = forbid('(?:^|/)worker(?:/|$)', 'web/ never imports worker/.');
const WORKER_WEB_IMPORTS = forbid(
  `(?:^|/)web/(?!${either(WORKER_MAY_IMPORT_FROM_WEB)}$)`,
  `worker/ imports from web/ only: ${WORKER_MAY_IMPORT_FROM_WEB.join(', ')}.`,
);
// The server renders with React and the browser hydrates with Preact; their useId() values differ.
const NO_USE_ID = {
  name: 'react',
  importNames: ['useId'],
  message: 'Name element ids instead of useId(): React (server) and Preact (browser) make different ids (see web/components/form-field.tsx).',
};

/** `no-restricted-imports` for one layer; each block repeats the web-wide rules because flat config replaces, not merges, a rule's options. */
const layer = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.wrangler/**', 'worker-configuration.d.ts', 'demo/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      // Input cleaning strips control characters on purpose (paths, Markdown, feeds).
      'no-control-regex': 'off',
      // `declare global { namespace Cloudflare { interface Env … } }` adds optional bindings to the Env type.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // Small modules (design.md): a source file over 400 lines, comments and blank lines counted, is split.
  {
    files: SOURCE_FILES,
    rules: { 'max-lines': ['error', { max: MAX_SOURCE_LINES, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // contracts/*.ts: only its own folder.
  layer(['contracts/**/*.ts'], [forbid('^\\.\\./', 'contracts/ imports nothing of ours outside contracts/.')]),

  // web/ as a whole (web/app, the entries): no worker, no useId.
  layer(['web/**/*.{ts,tsx}'], [NO_WORKER_IN_WEB], [NO_USE_ID]),

  // web/lib/*.ts: contracts and web/lib.
  layer(
    ['web/lib/**/*.{ts,tsx}'],
    [forbid('^\\.\\./(?!\\.\\./contracts/)', 'web/lib imports only contracts/ and web/lib.')],
    [NO_USE_ID],
  ),

  // web/components/*.tsx: contracts, web/lib, web/components (and web/app/paths while it moves).
  layer(
    ['web/components/**/*.{ts,tsx}'],
    [
      forbid(
        `^\\.\\./(?!\\.\\./contracts/|lib/|app/${either(APP_MODULES_FOR_LOWER_LAYERS)}$)`,
        'web/components imports only contracts/, web/lib and web/components.',
      ),
    ],
    [NO_USE_ID],
  ),

  // web/features/<feature>/*.tsx: contracts, web/lib, web/components, its own folder.
  layer(
    ['web/features/**/*.{ts,tsx}'],
    [
      forbid('^\\.\\./(?!\\.\\./)', 'A feature never imports another feature; move shared code to web/lib or web/components.'),
      forbid(
        `^\\.\\./\\.\\./(?!\\.\\./contracts/|lib/|components/|app/${either(APP_MODULES_FOR_LOWER_LAYERS)}$)`,
        'A feature imports only contracts/, web/lib, web/components and its own folder.',
      ),
    ],
    [NO_USE_ID],
  ),

  // web/features/<feature>/<part>/*.tsx — a feature may keep a part in one level of sub-folder (admin/import):
  // the same directions one level deeper. Its own feature's folder (`../`) is allowed, another feature
  // (`../../x`) never (tests/web/web-layering.test.ts keeps sub-folders one level deep).
  layer(
    ['web/features/*/*/**/*.{ts,tsx}'],
    [
      forbid('^\\.\\./\\.\\./(?!\\.\\./)', 'A feature never imports another feature; move shared code to web/lib or web/components.'),
      forbid(
        `^\\.\\./\\.\\./\\.\\./(?!\\.\\./contracts/|lib/|components/|app/${either(APP_MODULES_FOR_LOWER_LAYERS)}$)`,
        'A feature imports only contracts/, web/lib, web/components and its own folder.',
      ),
    ],
    [NO_USE_ID],
  ),

  // worker/: from web/ only the server entry.
  layer(['worker/**/*.ts'], [WORKER_WEB_IMPORTS]),

  // Inside worker/ (docs/decisions/018-services-layer.md):
  //   contracts, db, env  ←  lib  ←  queries  ←  services  ←  routes, middleware, render, app
  // lib holds leaf helpers and never reaches data access; queries return data, never HTTP errors;
  // services (the writes: posts, tags, revisions, sign-in) answer in HTTP terms and are called by routes.
  layer(['worker/lib/**/*.ts'], [WORKER_WEB_IMPORTS, forbid(`^\\.\\./${either(WORKER_ABOVE_LIB)}(?:/|$)`, 'worker/lib imports only contracts/, worker/db, worker/env and worker/lib.')]),
  layer(
    ['worker/queries/**/*.ts'],
    [
      WORKER_WEB_IMPORTS,
      forbid(`^\\.\\./${either(WORKER_ABOVE_QUERIES)}(?:/|$)`, 'worker/queries imports only contracts/, worker/db, worker/env, worker/lib and worker/queries.'),
      forbid('^\\.\\./lib/http-error$', 'worker/queries answers data, never HTTP errors: make the error in worker/services or a route.'),
    ],
  ),
  layer(
    ['worker/services/**/*.ts'],
    [WORKER_WEB_IMPORTS, forbid(`^\\.\\./${either(WORKER_ABOVE_SERVICES)}(?:/|$)`, 'worker/services is called by routes, middleware and render, never the reverse.')],
  ),
);
