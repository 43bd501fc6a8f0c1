// What the server hands the browser besides React Router's hydration data.
import type { FormReplay } from '../../contracts/form-posts';
import type { CurrentUser } from '../../contracts/roles';

export const BOOT_ELEMENT_ID = 'byline-boot';

/** The JSON data block holding React Router's hydration data (not an inline script: see entry-server). */
export const ROUTER_DATA_ELEMENT_ID = 'byline-router';

/** React Router's hydration state, errors serialized as the browser's router revives them (web/lib/router/responses.ts). */
export interface RouterData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

export interface BootData {
  user: CurrentUser | null;
  /** A form the Worker re-rendered after a post before hydration (web/lib/form-post.ts). */
  form?: FormReplay;
}

const SCRIPT_UNSAFE = /[<>\u2028\u2029]/g;
const SCRIPT_SAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/** JSON safe to place inside a <script> element (one pass over the text: it holds every post body of a page). */
export const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replace(SCRIPT_UNSAFE, (ch) => SCRIPT_SAFE[ch]!);
