// The site's header and footer menus (product.md §14, §19 "Navigation"): an item's rules, the admin's
// input and the answer. The Worker and the navigation screen share these (docs/decisions/047).
import { z } from 'zod';
import type { Navigation } from './navigation-menus';
import { RedirectToSchema } from './redirects';
import { singleLineTextSchema } from './text';

export const NAVIGATION_MENUS = ['header', 'footer'] as const;
export type NavigationMenu = (typeof NAVIGATION_MENUS)[number];

export const NAVIGATION_LABEL_MAX = 60;
export const NAVIGATION_URL_MAX = 500;
/** More than a header or footer can show; a bound on what one request may write. */
export const NAVIGATION_ITEMS_MAX = 30;

/** An item's address: a site path (`/about`, no `//`) or an https URL — the rule a redirect's `to` follows. */
const NavigationUrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(NAVIGATION_URL_MAX, `URL must be at most ${NAVIGATION_URL_MAX} characters`)
  .pipe(RedirectToSchema);

export const NavigationItemSchema = z.strictObject({
  label: singleLineTextSchema('Label', NAVIGATION_LABEL_MAX),
  url: NavigationUrlSchema,
});
export type NavigationItem = z.output<typeof NavigationItemSchema>;

const menuSchema = (name: string) =>
  z
    .array(NavigationItemSchema, { error: `The ${name} menu must be a list of items` })
    .max(NAVIGATION_ITEMS_MAX, `The ${name} menu takes at most ${NAVIGATION_ITEMS_MAX} items`);

/** `PUT /api/admin/navigation`: both menus, each replaced whole, in order. */
export const NavigationInputSchema = z.strictObject({ header: menuSchema('header'), footer: menuSchema('footer') });
export type NavigationInput = z.input<typeof NavigationInputSchema>;

/** `GET /api/navigation` and the PUT's answer: the menus as the site shows them (navigation-menus.ts). */
const LinkSchema = z.object({ label: z.string(), url: z.string() });
export const NavigationSchema = z.object({ header: z.array(LinkSchema), footer: z.array(LinkSchema) }) satisfies z.ZodType<Navigation>;
export type { Navigation };
