// The publication's settings (product.md §14, §19): their rules, the admin's input and both answers.
// The Worker and the settings screen share these; the site's name comes from here and nowhere else.
import { z } from 'zod';
import { isSingleLineText } from './text';

export const SETTINGS_TITLE_MAX = 80;
export const SETTINGS_TAGLINE_MAX = 160;
export const SETTINGS_DESCRIPTION_MAX = 300;
export const SETTINGS_FOOTER_MAX = 300;
export const POSTS_PER_PAGE_MAX = 50;
export const SOCIAL_LINKS_MAX = 12;
const SOCIAL_LINK_MAX = 500;

export const REGISTRATION_POLICIES = ['open', 'review', 'invite', 'closed'] as const;
export const DEVICE_VERIFICATION_POLICIES = ['risk', 'always'] as const;

/** An optional single-line text of at most `max` characters ('' allowed). */
const lineOf = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLineText, `${label} must be one line without control characters`);

/** Whether `run` accepts its argument without Intl throwing a RangeError. */
const intlAccepts = (run: () => unknown): boolean => {
  try {
    run();
    return true;
  } catch {
    return false;
  }
};

/** A BCP 47 language tag Intl knows (`en`, `pt-BR`), kept in its canonical spelling. */
export const isLanguageTag = (tag: string): boolean => tag !== '' && intlAccepts(() => Intl.getCanonicalLocales(tag));
/** An IANA time zone name Intl knows (`Europe/Berlin`, `UTC`). */
export const isTimeZone = (zone: string): boolean => zone !== '' && intlAccepts(() => new Intl.DateTimeFormat('en', { timeZone: zone }));

/** Any CSS hex colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; kept lower-case. */
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;

/** An image uploaded to this site (`POST /api/media` answers its address): `/media/<key>`. */
export const UPLOADED_IMAGE_URL = /^\/media\/[0-9a-f]{32}\.(?:jpg|png|webp|gif|avif)$/;
const uploadedImage = (label: string) =>
  z
    .string({ error: `${label} must be the address of an uploaded image` })
    .trim()
    .regex(UPLOADED_IMAGE_URL, `${label} must be an image uploaded to this site (/media/…)`)
    .nullable();

const isHttpsUrl = (s: string): boolean => URL.canParse(s) && new URL(s).protocol === 'https:';

/** Every field the admin may change; `PATCH /api/admin/settings` takes any of them. */
const SettingsFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(SETTINGS_TITLE_MAX, `Title must be at most ${SETTINGS_TITLE_MAX} characters`)
    .refine(isSingleLineText, 'Title must be one line without control characters'),
  tagline: lineOf('Tagline', SETTINGS_TAGLINE_MAX),
  description: lineOf('Description', SETTINGS_DESCRIPTION_MAX),
  /** The header's logo and the site icon (favicon, touch icon, manifest): uploaded images, or null for none. */
  logo: uploadedImage('Logo'),
  icon: uploadedImage('Icon'),
  accentColor: z
    .string({ error: 'Accent colour must be text' })
    .trim()
    .toLowerCase()
    .regex(HEX_COLOR, 'Accent colour must be a hex colour such as #2563eb'),
  language: z
    .string({ error: 'Language must be text' })
    .trim()
    .refine(isLanguageTag, 'Language must be a BCP 47 language tag such as en or pt-BR')
    .transform((tag) => Intl.getCanonicalLocales(tag)[0]!),
  timeZone: z.string({ error: 'Time zone must be text' }).trim().refine(isTimeZone, 'Time zone must be an IANA time zone such as Europe/Berlin'),
  postsPerPage: z
    .number({ error: 'Posts per page must be a whole number' })
    .int('Posts per page must be a whole number')
    .min(1, 'Posts per page must be at least 1')
    .max(POSTS_PER_PAGE_MAX, `Posts per page must be at most ${POSTS_PER_PAGE_MAX}`),
  footer: lineOf('Footer', SETTINGS_FOOTER_MAX),
  socialLinks: z
    .array(
      z.string({ error: 'A social link must be text' }).trim().max(SOCIAL_LINK_MAX, `A social link must be at most ${SOCIAL_LINK_MAX} characters`).refine(isHttpsUrl, 'A social link must be an https:// address'),
      { error: 'Social links must be a list of addresses' },
    )
    .max(SOCIAL_LINKS_MAX, `At most ${SOCIAL_LINKS_MAX} social links`),
  registration: z.enum(REGISTRATION_POLICIES, { error: `Registration must be one of ${REGISTRATION_POLICIES.join(', ')}` }),
  deviceVerification: z.enum(DEVICE_VERIFICATION_POLICIES, { error: `Device verification must be one of ${DEVICE_VERIFICATION_POLICIES.join(', ')}` }),
  /** A category's slug, or null for none; an unknown slug is refused by the Worker (422). */
  defaultCategory: z.string({ error: 'Default category must be a category slug' }).trim().toLowerCase().min(1, 'Default category must be a category slug').max(200).nullable(),
  feedFullText: z.boolean({ error: 'Full text in feeds must be true or false' }),
  /** Readers may comment on posts whose own switch is on (product.md §18). */
  comments: z.boolean({ error: 'Comments must be true or false' }),
};

/** `PATCH /api/admin/settings`: any subset of the fields; unknown fields are refused. */
export const SettingsPatchSchema = z.strictObject(SettingsFields).partial();
export type SettingsPatch = z.output<typeof SettingsPatchSchema>;

/** `GET /api/settings`: what anyone may read. `logo` and `icon` are media URLs or null. */
export const PublicSettingsSchema = z.object({
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  /** The logo's size in pixels (its <img>'s width and height); null without a logo or when not known. */
  logoWidth: z.number().int().nullable(),
  logoHeight: z.number().int().nullable(),
  icon: z.string().nullable(),
  accentColor: z.string(),
  language: z.string(),
  timeZone: z.string(),
  postsPerPage: z.number().int(),
  footer: z.string(),
  socialLinks: z.array(z.string()),
  registration: z.enum(REGISTRATION_POLICIES),
  comments: z.boolean(),
  /** The category a new post starts in (a slug), or null: the editor of any author preselects it. */
  defaultCategory: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** `GET|PATCH /api/admin/settings`: all of them. */
export const AdminSettingsSchema = PublicSettingsSchema.extend({
  feedFullText: z.boolean(),
  deviceVerification: z.enum(DEVICE_VERIFICATION_POLICIES),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/** The public part of the settings (no feed or device policy). */
export const publicPartOf = ({ feedFullText: _f, deviceVerification: _d, ...shown }: AdminSettings): PublicSettings => shown;
