// @vitest-environment node
// The accent's derivation and web/styles.css agree: the backgrounds the shades are checked against are the
// themes' own, and the stylesheet reads the custom properties the accent stylesheet sets.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCENT_PROPERTIES, THEME_BACKGROUNDS } from '../../contracts/accent';

const STYLES = readFileSync('web/styles.css', 'utf8');

describe('the backgrounds the shades are checked against', () => {
  it('are each theme’s --bg, --surface and --surface-2 in web/styles.css', () => {
    const css = STYLES;
    const block = (selector: string) => css.slice(css.indexOf(`${selector} {`), css.indexOf('}', css.indexOf(`${selector} {`)));
    const tokens = (text: string) => ['--bg', '--surface', '--surface-2'].map((name) => new RegExp(`${name}: (#[0-9a-f]{6});`).exec(text)?.[1]);
    expect(tokens(block("[data-theme='light']"))).toEqual(THEME_BACKGROUNDS.light);
    expect(tokens(block("[data-theme='dark']"))).toEqual(THEME_BACKGROUNDS.dark);
  });
});

describe('the accent custom properties', () => {
  it('are what each theme’s --accent and --accent-strong read, with styles.css’s own colours as the fallback', () => {
    for (const theme of ['light', 'dark'] as const) {
      expect(STYLES).toMatch(new RegExp(`--accent: var\\(${ACCENT_PROPERTIES[theme].text}, #[0-9a-f]{6}\\);`));
      expect(STYLES).toMatch(new RegExp(`--accent-strong: var\\(${ACCENT_PROPERTIES[theme].strong}, #[0-9a-f]{6}\\);`));
    }
  });
});
