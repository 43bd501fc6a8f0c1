// The settings screen sends only what changed, in the contract's shape: numbers as numbers, "none" as null.
import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema, type AdminSettings } from '../../contracts/settings';
import { changesOf, isDirty, valuesOf } from '../../web/features/admin/settings/settings-values';

const SAVED: AdminSettings = {
  title: 'Byline',
  tagline: 'Stories',
  description: 'A site',
  logo: null,
  logoWidth: null,
  logoHeight: null,
  icon: '/media/0123456789abcdef0123456789abcdef.png',
  accentColor: '#2563eb',
  language: 'en',
  timeZone: 'UTC',
  postsPerPage: 12,
  footer: '',
  socialLinks: ['https://example.social/@me'],
  registration: 'open',
  defaultCategory: 'news',
  feedFullText: true,
  comments: true,
  deviceVerification: 'risk',
};

describe('the settings form', () => {
  it('sends nothing when nothing changed', () => {
    const values = valuesOf(SAVED);
    expect(changesOf(values, values)).toEqual({});
    expect(isDirty(values, valuesOf(SAVED))).toBe(false);
  });

  it('sends each changed field as the API takes it, and those only', () => {
    const saved = valuesOf(SAVED);
    const values = { ...saved, title: 'Field Notes', postsPerPage: '20', defaultCategory: '', icon: '', socialLinks: [...saved.socialLinks, 'https://example.org'], feedFullText: false };
    const changes = changesOf(values, saved);
    expect(changes).toEqual({ title: 'Field Notes', postsPerPage: 20, defaultCategory: null, icon: null, socialLinks: ['https://example.social/@me', 'https://example.org'], feedFullText: false });
    expect(SettingsPatchSchema.safeParse(changes).success).toBe(true);
    expect(isDirty(values, saved)).toBe(true);
  });

  it('a cleared or fractional number is sent for the rule to refuse at its field', () => {
    const saved = valuesOf(SAVED);
    for (const postsPerPage of ['', '2.5', 'ten']) {
      const parsed = SettingsPatchSchema.safeParse(changesOf({ ...saved, postsPerPage }, saved));
      expect(parsed.success, postsPerPage).toBe(false);
      expect(parsed.error?.issues[0]?.path, postsPerPage).toEqual(['postsPerPage']);
    }
  });
});
