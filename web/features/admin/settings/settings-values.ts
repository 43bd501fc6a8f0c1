// The settings screen's form: the values it edits (as its controls hold them) and the change it sends —
// only the fields that differ from the saved settings, in the contract's shape (contracts/settings.ts).
import type { AdminSettings, SettingsPatch } from '../../../../contracts/settings';

export interface SettingsValues {
  title: string;
  tagline: string;
  description: string;
  /** An uploaded image's address, '' for none. */
  logo: string;
  icon: string;
  accentColor: string;
  language: string;
  timeZone: string;
  /** As typed in its number field; the contract says whether it is a whole number from 1 to 50. */
  postsPerPage: string;
  /** A category's slug, '' for none. */
  defaultCategory: string;
  footer: string;
  /** One row each (a blank row is refused as any address that is not https, at its row). */
  socialLinks: string[];
  registration: AdminSettings['registration'];
  deviceVerification: AdminSettings['deviceVerification'];
  feedFullText: boolean;
  comments: boolean;
}

export const valuesOf = (s: AdminSettings): SettingsValues => ({
  title: s.title,
  tagline: s.tagline,
  description: s.description,
  logo: s.logo ?? '',
  icon: s.icon ?? '',
  accentColor: s.accentColor,
  language: s.language,
  timeZone: s.timeZone,
  postsPerPage: String(s.postsPerPage),
  defaultCategory: s.defaultCategory ?? '',
  footer: s.footer,
  socialLinks: s.socialLinks,
  registration: s.registration,
  deviceVerification: s.deviceVerification,
  feedFullText: s.feedFullText,
  comments: s.comments,
});

/** Each field as the API takes it (before its rules: a number field's text may be no number at all). */
function inputOf(v: SettingsValues): Record<keyof SettingsValues, unknown> {
  return {
    ...v,
    postsPerPage: v.postsPerPage.trim() === '' ? undefined : Number(v.postsPerPage),
    defaultCategory: v.defaultCategory === '' ? null : v.defaultCategory,
    logo: v.logo.trim() === '' ? null : v.logo,
    icon: v.icon.trim() === '' ? null : v.icon,
  };
}

/** The fields of `values` that differ from `saved`, as the PATCH sends them; `{}` when nothing changed. */
export function changesOf(values: SettingsValues, saved: SettingsValues): Partial<Record<keyof SettingsPatch, unknown>> {
  const now = inputOf(values);
  const before = inputOf(saved);
  const changed: Partial<Record<keyof SettingsPatch, unknown>> = {};
  for (const key of Object.keys(now) as (keyof SettingsValues)[]) {
    // A cleared number field is sent as it is (undefined → refused by the rule: "must be a whole number").
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) changed[key] = now[key] === undefined ? '' : now[key];
  }
  return changed;
}

/** Whether the form holds anything not saved. */
export const isDirty = (values: SettingsValues, saved: SettingsValues): boolean => JSON.stringify(values) !== JSON.stringify(saved);
