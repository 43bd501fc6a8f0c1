// @vitest-environment node
// eslint.config.js: no source file over 400 lines (comments and blank lines count); tests are not held to it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The max-lines messages for a file of `lines` lines, linted as if it stood at `file`. */
async function lengthFindings(file: string, lines: number): Promise<string[]> {
  const text = Array.from({ length: lines }, (_, i) => (i % 10 === 9 ? '' : i % 10 === 8 ? '// why' : `export const v${i} = ${i};`)).join('\n') + '\n';
  const [result] = await eslint.lintText(text, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

// The first lint loads the TypeScript parser: seconds on a busy machine.
describe('no source file over 400 lines', { timeout: 60_000 }, () => {
  it('a 400-line source file passes', async () => {
    expect(await lengthFindings('worker/lib/a.ts', 400)).toEqual([]);
  });

  for (const file of ['web/features/posts/a.tsx', 'scripts/a.mjs']) {
    it(`a 401-line file in ${file.split('/')[0]}/ is refused, its comments and blank lines counted`, async () => {
      expect(await lengthFindings(file, 401)).toEqual(['File has too many lines (401). Maximum allowed is 400.']);
    });
  }

  it('a long test file is not held to it', async () => {
    expect(await lengthFindings('tests/worker/a.test.ts', 401)).toEqual([]);
  });
});
