// Theme: localStorage 'theme', default 'dark' saved when absent, data-theme on <html>;
// the inline boot script must do exactly what initTheme does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, initTheme, setTheme, THEME_BOOT_SCRIPT, THEME_KEY } from '../../web/lib/theme';

const root = () => document.documentElement;

const reset = () => {
  localStorage.clear();
  delete root().dataset.theme;
};

beforeEach(reset);
afterEach(reset);

/** The two ways of starting the theme; each case below runs against both. */
const starters = [
  ['initTheme', () => void initTheme(localStorage, document.documentElement)],
  ['THEME_BOOT_SCRIPT', () => void new Function(THEME_BOOT_SCRIPT)()],
] as const;

describe.each(starters)('%s', (_name, start) => {
  it('with empty storage applies data-theme="dark" and saves "dark"', () => {
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    start();
    expect(root().getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('keeps and applies a saved "light"', () => {
    localStorage.setItem('theme', 'light');
    start();
    expect(root().getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('keeps and applies a saved "dark" over a stale attribute', () => {
    localStorage.setItem('theme', 'dark');
    root().setAttribute('data-theme', 'light');
    start();
    expect(root().getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('replaces a junk value with "dark"', () => {
    localStorage.setItem('theme', 'purple<script>');
    start();
    expect(root().getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('initTheme', () => {
  it('returns the theme it applied', () => {
    expect(initTheme(localStorage, root())).toBe('dark');
    localStorage.setItem('theme', 'light');
    expect(initTheme(localStorage, root())).toBe('light');
  });

  it('still applies the default when storage throws', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(initTheme(blocked, root())).toBe('dark');
    expect(root().getAttribute('data-theme')).toBe('dark');
  });

  it('the default is dark and the key is "theme"', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(THEME_KEY).toBe('theme');
  });
});

describe('THEME_BOOT_SCRIPT and initTheme agree', () => {
  it.each([null, 'dark', 'light', '', 'Light', 'junk'])('for saved value %j they leave the same storage and attribute', (saved) => {
    const run = (start: () => void) => {
      reset();
      if (saved !== null) localStorage.setItem('theme', saved);
      start();
      return { stored: localStorage.getItem('theme'), applied: root().getAttribute('data-theme') };
    };
    expect(run(starters[1][1])).toEqual(run(starters[0][1]));
  });
});

describe('setTheme', () => {
  it('persists and applies the theme', () => {
    initTheme(localStorage, root());
    setTheme('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root().getAttribute('data-theme')).toBe('light');
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root().getAttribute('data-theme')).toBe('dark');
  });

  it('a theme set survives the next start', () => {
    setTheme('light');
    delete root().dataset.theme;
    new Function(THEME_BOOT_SCRIPT)();
    expect(root().getAttribute('data-theme')).toBe('light');
  });
});
