// The accent colour's shades (contracts/accent.ts): any colour gives a light-theme and a dark-theme shade that
// reach WCAG AA against every background of its theme, and the stylesheet the Worker serves from them.
import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  accentOfStylesheetPath,
  accentShades,
  accentStylesheet,
  accentStylesheetPath,
  contrastRatio,
  opaqueHex,
  relativeLuminance,
  textShade,
  THEME_BACKGROUNDS,
  worstContrast,
} from '../../contracts/accent';

const COLOURS = [
  '#2563eb', '#ffff00', '#000000', '#ffffff', '#ff0000', '#00ff00', '#0000ff', '#00ffff', '#ff00ff', '#808080',
  '#777777', '#a896ff', '#5535d6', '#f59e0b', '#10b981', '#ec4899', '#1f232c', '#fbfaf8', '#123', '#abcd', '#2563eb80',
];

describe('contrast arithmetic (WCAG 2)', () => {
  it('gives black 0 and white 1 luminance, and 21:1 between them', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
  });

  it('matches known ratios (#2563eb on white is 5.17:1, #777 on white 4.48:1)', () => {
    expect(contrastRatio('#2563eb', '#ffffff')).toBeCloseTo(5.17, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('reads short forms and ignores alpha', () => {
    expect(opaqueHex('#abc')).toBe('#aabbcc');
    expect(opaqueHex('#abcd')).toBe('#aabbcc');
    expect(opaqueHex('#2563EB80')).toBe('#2563eb');
    expect(() => opaqueHex('red')).toThrow(RangeError);
  });
});

describe('the accent shades', () => {
  it.each(COLOURS)('%s: both themes’ text and hover shades reach 4.5:1 against every background of their theme', (colour) => {
    const shades = accentShades(colour);
    for (const theme of ['light', 'dark'] as const) {
      for (const shade of [shades[theme].text, shades[theme].strong]) {
        for (const bg of THEME_BACKGROUNDS[theme]) expect(contrastRatio(shade, bg), `${theme} ${shade} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });

  it.each(COLOURS)('%s: a primary button’s label (white on light, #10121a on dark) reaches 4.5:1 on the shade', (colour) => {
    const shades = accentShades(colour);
    expect(contrastRatio(shades.light.text, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(shades.dark.text, '#10121a')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('keeps a colour that already passes (#2563eb would not on dark; #000000 keeps on light, #ffffff on dark)', () => {
    expect(textShade('#000000', 'light')).toBe('#000000');
    expect(textShade('#ffffff', 'dark')).toBe('#ffffff');
    expect(textShade('#5535d6', 'light')).toBe('#5535d6');
    expect(textShade('#a896ff', 'dark')).toBe('#a896ff');
    expect(worstContrast('#2563eb', 'dark')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(textShade('#2563eb', 'dark')).not.toBe('#2563eb');
  });

  it('moves a failing colour only as far as it must: yellow darkens on light, black lightens on dark', () => {
    const yellow = textShade('#ffff00', 'light');
    expect(relativeLuminance(yellow)).toBeLessThan(relativeLuminance('#ffff00'));
    // Not all the way to black: the shade keeps its hue (red and green equal, no blue).
    expect(yellow).toMatch(/^#([0-9a-f]{2})\1(00)$/);
    expect(yellow).not.toBe('#000000');
    const grey = textShade('#000000', 'dark');
    expect(relativeLuminance(grey)).toBeGreaterThan(0);
    expect(grey).not.toBe('#ffffff');
    expect(textShade('#ffffff', 'light')).not.toBe('#000000');
  });
});

describe('the accent stylesheet', () => {
  it('is named by the opaque colour and read back from its address', () => {
    expect(accentStylesheetPath('#2563EB')).toBe('/accent/v1/2563eb.css');
    expect(accentStylesheetPath('#abc8')).toBe('/accent/v1/aabbcc.css');
    expect(accentOfStylesheetPath('/accent/v1/2563eb.css')).toBe('#2563eb');
    for (const other of ['/accent/v1/2563EB.css', '/accent/v1/abc.css', '/accent/v1/2563eb.css/x', '/accent/v2/2563eb.css', '/accent/v1/zzzzzz.css', '/accent/v1/'])
      expect(accentOfStylesheetPath(other), other).toBeNull();
  });

  it('sets both themes’ shades as custom properties on the root', () => {
    const shades = accentShades('#ffff00');
    const css = accentStylesheet('#ffff00');
    expect(css).toBe(
      `:root{--site-accent-light:${shades.light.text};--site-accent-strong-light:${shades.light.strong};` +
        `--site-accent-dark:${shades.dark.text};--site-accent-strong-dark:${shades.dark.strong}}\n`,
    );
  });
});
