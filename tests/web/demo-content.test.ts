// The demo content's covers (demo/README.md): an image of demo/media or an https:// address, and always
// with coverAlt saying what it shows; a mistake stops the seed before it writes anything.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDemoContent } from '../../scripts/lib/demo-content';

const DEMO = path.resolve(import.meta.dirname, '../../demo');
const POST = 'dark-mode-is-now-the-default.md';
let copy = '';
afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = '';
});

/** The demo content with POST's front matter lines `cover:` and `coverAlt:` replaced by `lines`. */
function demoWith(lines: string[]): string {
  copy = mkdtempSync(path.join(tmpdir(), 'demo-'));
  cpSync(DEMO, copy, { recursive: true });
  const file = path.join(copy, 'posts', POST);
  const text = readFileSync(file, 'utf8').replace(/^cover:.*\ncoverAlt:.*\n/m, lines.map((l) => `${l}\n`).join(''));
  writeFileSync(file, text);
  return copy;
}

describe('demo covers', () => {
  it('every demo post with a cover describes it in coverAlt', () => {
    const covered = readDemoContent().posts.filter((p) => p.cover !== undefined);
    expect(covered.length).toBeGreaterThan(0);
    for (const p of covered) expect(p.coverAlt, p.file).toMatch(/\w{3,}/);
  });

  it.each([
    [['cover: media/crescent-moon.png'], 'a cover needs coverAlt'],
    [['coverAlt: A moon'], 'coverAlt without a cover'],
    [['cover: media/no-such.png', 'coverAlt: A moon'], 'cover media/no-such.png is not in demo/media'],
    [['cover: http://example.com/moon.png', 'coverAlt: A moon'], 'cover must be an https:// address or media/<file>'],
    [['cover: media/crescent-moon.png', `coverAlt: ${'x'.repeat(251)}`], 'coverAlt: Alt text must be at most 250 characters'],
  ])('refuses %j', (lines, message) => {
    expect(() => readDemoContent(demoWith(lines))).toThrow(message);
  });

  it('takes an https:// cover or a decorative one (coverAlt: "")', () => {
    const https = readDemoContent(demoWith(['cover: https://images.example/moon.png', 'coverAlt: A moon'])).posts.find((p) => p.file.endsWith(POST));
    expect(https).toMatchObject({ cover: 'https://images.example/moon.png', coverAlt: 'A moon' });
    const decorative = readDemoContent(demoWith(['cover: media/crescent-moon.png', "coverAlt: ''"])).posts.find((p) => p.file.endsWith(POST));
    expect(decorative).toMatchObject({ coverAlt: '' });
  });
});

describe('demo settings', () => {
  it('settings.yaml gives the demo site a title, tagline, description, footer and social links under the settings rules', () => {
    const { settings } = readDemoContent();
    expect(settings.title).toBe('Byline');
    for (const field of ['tagline', 'description', 'footer'] as const) expect(settings[field], field).toMatch(/\w{3,}/);
    expect(settings.socialLinks?.length).toBeGreaterThan(0);
  });

  it('refuses a setting the settings rules refuse, naming the file', () => {
    copy = mkdtempSync(path.join(tmpdir(), 'demo-'));
    cpSync(DEMO, copy, { recursive: true });
    writeFileSync(path.join(copy, 'settings.yaml'), 'title: Byline\npostsPerPage: 99\n');
    expect(() => readDemoContent(copy)).toThrow(/settings\.yaml: postsPerPage: Posts per page must be at most 50/);
  });
});
