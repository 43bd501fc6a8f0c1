// The allowed import directions of docs/decisions/016-web-layering.md, and the typed API layer:
// contracts ← web/lib, web/components ← web/features ← web/app; a feature never imports another feature;
// web never imports worker/; the Worker imports from web only web/entry-server.tsx; only the API modules
// call the HTTP client (issue 10, items 3 and 4).
import { describe, expect, it } from 'vitest';

const SOURCES = Object.entries(
  import.meta.glob<string>(['/worker/**/*.{ts,tsx}', '/web/**/*.{ts,tsx}', '/contracts/**/*.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => ({ path: path.slice(1), text }));

/** Every relative import of a file, resolved to a path from the repository root, without its extension. */
function importsOf(file: { path: string; text: string }): string[] {
  const specifiers = [...file.text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specifiers.map((specifier) => {
    const parts = file.path.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return parts.join('/').replace(/\.tsx?$/, '');
  });
}

/** "file → import" for each import of the files under `from` that `bad(importPath, file)` refuses. */
function violations(from: string, bad: (target: string, file: string) => boolean): string[] {
  return SOURCES.filter((f) => f.path.startsWith(from)).flatMap((f) =>
    importsOf(f)
      .filter((target) => bad(target, f.path))
      .map((target) => `${f.path} → ${target}`),
  );
}

const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1];

it('reads the sources it checks', () => {
  expect(SOURCES.map((f) => f.path)).toEqual(expect.arrayContaining(['web/lib/paths.ts', 'web/features/editor/editor-page.tsx']));
});

describe('import directions', () => {
  it('a feature imports neither web/app nor another feature', () => {
    expect(
      violations('web/features/', (target, file) => target.startsWith('web/app/') || (target.startsWith('web/features/') && featureOf(target) !== featureOf(file))),
    ).toEqual([]);
  });

  it('web/components and web/lib import neither features nor web/app', () => {
    const up = (target: string) => target.startsWith('web/features/') || target.startsWith('web/app/');
    expect([...violations('web/components/', up), ...violations('web/lib/', up)]).toEqual([]);
  });

  it('contracts import nothing from web or worker; web imports nothing from worker', () => {
    expect(violations('contracts/', (t) => t.startsWith('web/') || t.startsWith('worker/'))).toEqual([]);
    expect(violations('web/', (t) => t.startsWith('worker/'))).toEqual([]);
  });

  it('the Worker imports from web only web/entry-server.tsx', () => {
    expect(violations('worker/', (t) => t.startsWith('web/') && t !== 'web/entry-server')).toEqual([]);
  });
});

describe('feature folders', () => {
  it('a feature keeps parts in at most one level of sub-folder (the depth the lint rule checks)', () => {
    expect(SOURCES.map((f) => f.path).filter((p) => /^web\/features\/[^/]+\/[^/]+\/[^/]+\//.test(p))).toEqual([]);
  });
});

describe('typed API layer', () => {
  // The API modules: the generic client, the shared calls in web/lib, each feature's api.ts and a sub-folder's *-api.ts.
  const isApiModule = (path: string) =>
    path === 'web/lib/http.ts' ||
    path === 'web/lib/upload-image.ts' ||
    /^web\/lib\/[a-z-]+-api\.ts$/.test(path) ||
    /^web\/features\/[^/]+\/api\.ts$/.test(path) ||
    /^web\/features\/[^/]+\/[^/]+\/[a-z-]+-api\.ts$/.test(path);

  it('only the API modules call the HTTP client; pages call typed functions', () => {
    const callers = SOURCES.filter((f) => f.path.startsWith('web/') && !isApiModule(f.path) && /\.(request|send)\s*[<(]/.test(f.text)).map((f) => f.path);
    expect(callers).toEqual([]);
  });

  it('every feature that talks to the API has its own api.ts', () => {
    // Talking to the API: holding the API clients. A feature whose pages only read (through RouteDeps.reads) does not.
    const talks = (text: string) => /\bApiClients\b|\buseApi\b/.test(text);
    const features = new Set(SOURCES.filter((f) => talks(f.text)).map((f) => featureOf(f.path)).filter((n): n is string => !!n));
    const withApi = new Set(SOURCES.filter((f) => /^web\/features\/[^/]+\/api\.ts$/.test(f.path)).map((f) => featureOf(f.path)));
    expect([...features].filter((n) => !withApi.has(n))).toEqual([]);
  });
});
