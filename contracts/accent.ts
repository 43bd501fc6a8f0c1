// The site's accent colour on each theme: any colour the admin picks becomes one shade for the light theme and
// one for the dark theme that reach WCAG AA (4.5:1) for text and links against every background that theme
// draws them on (web/styles.css). The Worker serves them as a small stylesheet named by the colour
// (docs/decisions/043); the settings screen previews them.

/** WCAG 2 AA for normal text, links included. */
export const AA_TEXT_CONTRAST = 4.5;

export type ThemeName = 'light' | 'dark';

/** Each theme's page, surface and raised-surface backgrounds (`--bg`, `--surface`, `--surface-2` in web/styles.css). */
export const THEME_BACKGROUNDS: Record<ThemeName, readonly string[]> = {
  light: ['#fbfaf8', '#ffffff', '#f1efec'],
  dark: ['#0f1115', '#171a21', '#1f232c'],
};

/** A light theme's shade is darkened until it contrasts enough; a dark theme's lightened. */
const TOWARD: Record<ThemeName, Rgb> = { light: [0, 0, 0], dark: [255, 255, 255] };

/** How far each step moves a shade toward black or white: small enough to keep the colour's character. */
const STEP = 0.02;
/** How much further the hover shade (`--accent-strong`) goes in the same direction. */
const STRONG_STEP = 0.25;

type Rgb = readonly [number, number, number];

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** The longest hex colour (`#rrggbbaa`). */
export const HEX_COLOR_MAX = 9;

/** A CSS hex colour in any of its forms, either case (the settings' rule stores it lower-case). */
export const isHexColor = (text: string): boolean => HEX.test(text);

/** The red, green and blue of a CSS hex colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`); an alpha is ignored, text is drawn opaque. */
export function rgbOf(hex: string): Rgb {
  if (!HEX.test(hex)) throw new RangeError(`Not a hex colour: ${hex}`);
  const digits = hex.slice(1);
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** `#rrggbb`, lower-case. */
export const hexOf = (rgb: Rgb): string => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** The colour as `#rrggbb` (what a colour input takes): short forms expanded, alpha dropped. */
export const opaqueHex = (hex: string): string => hexOf(rgbOf(hex));

const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(linear) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The lowest contrast of `hex` against any of the theme's backgrounds: what a link drawn anywhere in it gets. */
export const worstContrast = (hex: string, theme: ThemeName): number =>
  Math.min(...THEME_BACKGROUNDS[theme].map((bg) => contrastRatio(hex, bg)));

const mix = (from: Rgb, to: Rgb, t: number): Rgb => from.map((c, i) => Math.round(c + (to[i]! - c) * t)) as unknown as Rgb;

/**
 * The shade of `accent` for text and links on `theme`: the colour itself when it already reaches AA against
 * every background of the theme, else the first step toward black (light) or white (dark) that does. Pure
 * black and white pass on their theme, so the walk always ends.
 */
export function textShade(accent: string, theme: ThemeName): string {
  const from = rgbOf(accent);
  for (let step = 0; step * STEP < 1; step++) {
    const shade = hexOf(mix(from, TOWARD[theme], step * STEP));
    if (worstContrast(shade, theme) >= AA_TEXT_CONTRAST) return shade;
  }
  return hexOf(TOWARD[theme]);
}

export interface ThemeShades {
  /** Text and links (`--accent`). */
  text: string;
  /** Hovered links and the admin's current section (`--accent-strong`): further from the background still. */
  strong: string;
}

export type AccentShades = Record<ThemeName, ThemeShades>;

const shadesOn = (accent: string, theme: ThemeName): ThemeShades => {
  const text = textShade(accent, theme);
  return { text, strong: hexOf(mix(rgbOf(text), TOWARD[theme], STRONG_STEP)) };
};

/** Both themes' shades of the accent colour. */
export const accentShades = (accent: string): AccentShades => ({ light: shadesOn(accent, 'light'), dark: shadesOn(accent, 'dark') });

/** Where the accent's stylesheet sits; `v1` names this derivation, so a changed one gets new addresses. */
const ACCENT_STYLESHEET_BASE = '/accent/v1/';
const ACCENT_STYLESHEET_FILE = /^([0-9a-f]{6})\.css$/;

/** The address of the accent's stylesheet, named by its opaque colour (`/accent/v1/2563eb.css`): the same colour, the same file. */
export const accentStylesheetPath = (accent: string): string => `${ACCENT_STYLESHEET_BASE}${opaqueHex(accent).slice(1)}.css`;

/** The `<link>` of the page's accent stylesheet: written by the Worker, pointed at a new colour after a save. */
export const ACCENT_STYLESHEET_ID = 'site-accent';

/** The colour an accent stylesheet's address names, or null for any other address. */
export function accentOfStylesheetPath(path: string): string | null {
  if (!path.startsWith(ACCENT_STYLESHEET_BASE)) return null;
  const file = ACCENT_STYLESHEET_FILE.exec(path.slice(ACCENT_STYLESHEET_BASE.length));
  return file ? `#${file[1]}` : null;
}

/** The custom properties web/styles.css reads for each theme's accent (its own values are the fallback). */
export const ACCENT_PROPERTIES: Record<ThemeName, ThemeShades> = {
  light: { text: '--site-accent-light', strong: '--site-accent-strong-light' },
  dark: { text: '--site-accent-dark', strong: '--site-accent-strong-dark' },
};

/** The accent stylesheet: both themes' shades as custom properties on the root (only hex digits ever reach it). */
export function accentStylesheet(accent: string): string {
  const shades = accentShades(accent);
  const declarations = (['light', 'dark'] as const).flatMap((theme) => [
    `${ACCENT_PROPERTIES[theme].text}:${shades[theme].text}`,
    `${ACCENT_PROPERTIES[theme].strong}:${shades[theme].strong}`,
  ]);
  return `:root{${declarations.join(';')}}\n`;
}
