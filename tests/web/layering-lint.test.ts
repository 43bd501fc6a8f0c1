// @vitest-environment node
// The import directions in eslint.config.js: each case lints one import as if it stood in the named file.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The messages of the layering rule for `source` imported from `file` (a path from the repository root). */
async function importFindings(file: string, source: string, name = 'x'): Promise<string[]> {
  const [result] = await eslint.lintText(`import { ${name} } from '${source}';\nexport const y = ${name};\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const allowed = (file: string, source: string) => async () => expect(await importFindings(file, source)).toEqual([]);
const refused = (file: string, source: string, because: RegExp, name?: string) => async () => {
  const found = await importFindings(file, source, name);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(because);
};

describe('contracts/ imports nothing of ours', () => {
  it('may import its own folder', allowed('contracts/a.ts', './limits'));
  it('may not import web/', refused('contracts/a.ts', '../web/lib/http', /contracts\/ imports nothing/));
  it('may not import worker/', refused('contracts/a.ts', '../worker/lib/slug', /contracts\/ imports nothing/));
});

describe('web/lib imports only contracts and web/lib', () => {
  it('may import contracts', allowed('web/lib/a.ts', '../../contracts/errors'));
  it('may import web/lib', allowed('web/lib/a.ts', './http'));
  it('may not import web/components', refused('web/lib/a.ts', '../components/pagination', /web\/lib imports only/));
  it('may not import web/app', refused('web/lib/a.ts', '../app/routes', /web\/lib imports only/));
});

describe('web/components imports contracts, web/lib and web/components', () => {
  it('may import web/lib', allowed('web/components/a.tsx', '../lib/session'));
  it('may import web/app/paths while it moves to web/lib', allowed('web/components/a.tsx', '../app/paths'));
  it('may not import a feature', refused('web/components/a.tsx', '../features/posts/home-page', /web\/components imports only/));
  it('may not import the route table', refused('web/components/a.tsx', '../app/routes', /web\/components imports only/));
});

describe('a feature imports contracts, web/lib, web/components and its own folder', () => {
  it('may import its own folder', allowed('web/features/posts/a.tsx', './home-page'));
  it('may import web/components', allowed('web/features/posts/a.tsx', '../../components/pagination'));
  it('may import web/lib', allowed('web/features/posts/a.tsx', '../../lib/loader-kit'));
  it('may import contracts', allowed('web/features/posts/a.tsx', '../../../contracts/posts'));
  it('may import route-kit from web/app or web/lib', async () => {
    expect(await importFindings('web/features/posts/a.tsx', '../../app/route-kit')).toEqual([]);
    expect(await importFindings('web/features/posts/a.tsx', '../../lib/route-kit')).toEqual([]);
  });
  it('may not import another feature', refused('web/features/admin/a.tsx', '../editor/editor-page', /never imports another feature/));
  it('may not import web/app beyond paths and route-kit', refused('web/features/posts/a.tsx', '../../app/head', /A feature imports only/));
});

describe('a sub-folder of a feature (one level: web/features/admin/import/) is part of that feature', () => {
  it('may import its feature\'s folder', allowed('web/features/admin/import/a.ts', '../admin-kit'));
  it('may import its own folder', allowed('web/features/admin/import/a.ts', './import-plan'));
  it('its feature may import it', allowed('web/features/admin/a.tsx', './import/import-run'));
  it('may import web/lib, web/components and contracts', async () => {
    expect(await importFindings('web/features/admin/import/a.ts', '../../../lib/http')).toEqual([]);
    expect(await importFindings('web/features/admin/import/a.ts', '../../../components/form-message')).toEqual([]);
    expect(await importFindings('web/features/admin/import/a.ts', '../../../../contracts/import')).toEqual([]);
  });
  it('may not import another feature', refused('web/features/admin/import/a.ts', '../../editor/editor-page', /never imports another feature/));
  it('may not import web/app beyond paths and route-kit', refused('web/features/admin/import/a.ts', '../../../app/head', /A feature imports only/));
  it('may not import worker/', refused('web/features/admin/import/a.ts', '../../../../worker/app', /A feature imports only/));
});

describe('web/ and worker/ stay apart', () => {
  it('web/ never imports worker/', refused('web/app/a.ts', '../../worker/app', /web\/ never imports worker/));
  it('a feature never imports worker/', refused('web/features/posts/a.tsx', '../../../worker/app', /A feature imports only/));
  it('the Worker may import the server entry', allowed('worker/render/a.ts', '../../web/entry-server'));
  it('the Worker may not import what the HTML document needs but through the server entry', refused('worker/render/a.ts', '../../web/lib/theme', /worker\/ imports from web\/ only/));
  it('the Worker may not import the rest of web/', refused('worker/routes/a.ts', '../../web/lib/http', /worker\/ imports from web\/ only/));
});

describe('web/ never calls useId()', () => {
  it('refuses useId from react', refused('web/components/a.tsx', 'react', /Name element ids/, 'useId'));
  it('allows other hooks', allowed('web/components/a.tsx', 'react'));
});
