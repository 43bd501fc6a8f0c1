// What the server hands the browser besides React Router's hydration data.
import type { CurrentUser } from '../../contracts/roles';

export const BOOT_ELEMENT_ID = 'byline-boot';

/** The JSON data block holding React Router's hydration data (not an inline script: see entry-server). */
export const ROUTER_DATA_ELEMENT_ID = 'byline-router';

/** React Router's hydration state, errors serialized as its `window.__staticRouterHydrationData` expects. */
export interface RouterData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

export interface BootData {
  user: CurrentUser | null;
}

/** JSON safe to place inside a <script> element. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
