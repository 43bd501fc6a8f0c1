// The forms that work before the script does (product.md §13): each is a real `<form method="post">` whose
// action is its API path, answered by the Worker as `application/x-www-form-urlencoded` (worker/middleware/
// form-posts.ts). One table says, for each form, what it posts to, which page holds it, which of its fields
// may come back in a re-rendered form (never a password), and where a success goes (docs/decisions/028).
import type { FieldErrors } from './errors';
import { SUBSCRIBE_PATH } from './newsletter-paths';
import { HONEYPOT_FIELD, TURNSTILE_FIELD } from './robot-check-fields';
import { can } from './permissions';
import { safeRedirectPath } from './redirect-path';
import { buildPath, matchScore, paramsOf } from './route-pattern';
import { pathTo, routeOf } from './routes';

export type FormId =
  | 'login'
  | 'verify-device'
  | 'register'
  | 'forgot-password'
  | 'reset-password'
  | 'invite'
  | 'profile'
  | 'email'
  | 'password'
  | 'comment'
  | 'subscribe';

/**
 * `echo`: sent back into the re-rendered form; `hidden`: echoed too, but a hidden input (no place for its
 * error, which goes beside the buttons); `secret`: never leaves the request (passwords, codes); `unseen`:
 * never echoed and no place for its error either (the honeypot, a Turnstile token: single use).
 */
type FieldRole = 'echo' | 'hidden' | 'secret' | 'unseen';

export interface FormPost {
  /** The API path, the same the hydrated form's fetch calls; a pattern (`:slug`) whose params the page's address gives. */
  action: string;
  /** The API method the post stands for (an HTML form can only GET or POST). */
  method: 'POST' | 'PATCH';
  /** The page holding the form: re-rendered with the errors and the echoed input on a failure; a pattern as `action`. */
  page: string;
  /** Query parameters of the page that travel through the post to the re-rendered page and to `next`. */
  carry: readonly string[];
  /** Every field of the form and whether it may be echoed. */
  fields: Readonly<Record<string, FieldRole>>;
  /** Where a success goes (303), from the carried query, the API's answer and the form's page (its address). */
  next: (carried: URLSearchParams, answer: unknown, page: string) => string;
  /** A 2xx that asks for one more step: the same page is shown with this form instead (the page's status). */
  continues?: { status: number; form: FormId };
  /** A signed-in form: a lapsed session (401) goes to the login page and back to the form's page. */
  signedIn?: boolean;
}

/** The query parameter of an action naming its form (two forms post to `/api/profile`). */
export const FORM_PARAM = 'form';

/** The notice the profile edit page shows after a save posted before hydration (`?saved=`). */
export type SavedNotice = 'profile' | 'email' | 'password';
export const SAVED_PARAM = 'saved';
export const PENDING_EMAIL_PARAM = 'pendingEmail';

/** The address an email change waits to be confirmed at (`PATCH /api/profile` → `pendingEmail`), if any. */
export function pendingEmailOf(answer: unknown): string | null {
  const pending = answer && typeof answer === 'object' ? (answer as { pendingEmail?: unknown }).pendingEmail : undefined;
  return typeof pending === 'string' && pending !== '' ? pending : null;
}

/** Where someone who just accepted an invite lands: the admin area for staff (who may use its dashboard), else home. */
export function landingAfterInvite(answer: unknown): string {
  const user = answer && typeof answer === 'object' ? (answer as { user?: { role?: unknown } }).user : undefined;
  return typeof user?.role === 'number' && can({ role: user.role }, 'admin.dashboard') ? pathTo('admin') : pathTo('home');
}

const signedInNext = (carried: URLSearchParams): string => safeRedirectPath(carried.get('redirect'));

/** The query parameter of the post page naming the comment a reader replies to (`?replyto=ID#comment-form`). */
export const REPLY_TO_PARAM = 'replyto';
/** The query parameter of the post page after a comment posted before hydration: its status (`pending|approved`). */
export const COMMENT_SENT_PARAM = 'comment';
/** The comment form's anchor on the post page. */
export const COMMENT_FORM_ID = 'comment-form';

/** The post page after a comment: its status for the notice, at the form (where the notice is). */
function afterComment(_carried: URLSearchParams, answer: unknown, page: string): string {
  const status = answer && typeof answer === 'object' ? (answer as { status?: unknown }).status : undefined;
  return `${page}?${COMMENT_SENT_PARAM}=${status === 'approved' ? 'approved' : 'pending'}#${COMMENT_FORM_ID}`;
}
const savedOnProfileEdit = (notice: SavedNotice, extra: Record<string, string> = {}): string =>
  `${pathTo('edit-profile')}?${new URLSearchParams({ [SAVED_PARAM]: notice, ...extra }).toString()}`;

export const FORM_POSTS: Readonly<Record<FormId, FormPost>> = {
  login: {
    action: '/api/auth/login',
    method: 'POST',
    page: pathTo('login'),
    carry: ['redirect'],
    fields: { login: 'echo', password: 'secret' },
    next: signedInNext,
    // New-device verification (contracts/device-verification.ts): the code step of the login page.
    continues: { status: 202, form: 'verify-device' },
  },
  'verify-device': {
    action: '/api/auth/verify-device',
    method: 'POST',
    page: pathTo('login'),
    carry: ['redirect'],
    fields: { login: 'hidden', code: 'secret' },
    next: signedInNext,
  },
  register: {
    action: '/api/auth/register',
    method: 'POST',
    page: pathTo('register'),
    carry: ['redirect'],
    fields: { name: 'echo', username: 'echo', email: 'echo', password: 'secret', [HONEYPOT_FIELD]: 'unseen', [TURNSTILE_FIELD]: 'unseen' },
    next: signedInNext,
  },
  'forgot-password': {
    action: '/api/auth/password-reset',
    method: 'POST',
    page: pathTo('forgot-password'),
    carry: [],
    fields: { email: 'echo' },
    next: () => `${pathTo('forgot-password')}?sent=1`,
  },
  'reset-password': {
    action: '/api/auth/password-reset/confirm',
    method: 'POST',
    page: pathTo('reset-password'),
    carry: ['token'],
    // The token is the page's own (it is in the link): kept so the form can be sent again.
    fields: { token: 'hidden', password: 'secret' },
    next: () => pathTo('home'),
  },
  invite: {
    action: '/api/auth/invite/accept',
    method: 'POST',
    page: pathTo('invite'),
    carry: ['token'],
    // The token is the page's own (it is in the mailed link): kept so the form can be sent again.
    fields: { token: 'hidden', username: 'echo', name: 'echo', password: 'secret' },
    next: (_carried, answer) => landingAfterInvite(answer),
  },
  profile: {
    action: '/api/profile',
    method: 'PATCH',
    page: pathTo('edit-profile'),
    carry: [],
    fields: { name: 'echo', bio: 'echo', image: 'echo' },
    next: () => savedOnProfileEdit('profile'),
    signedIn: true,
  },
  email: {
    action: '/api/profile',
    method: 'PATCH',
    page: pathTo('edit-profile'),
    carry: [],
    fields: { email: 'echo', currentPassword: 'secret' },
    next: (_carried, answer) => {
      const pending = pendingEmailOf(answer);
      return savedOnProfileEdit('email', pending ? { [PENDING_EMAIL_PARAM]: pending } : {});
    },
    signedIn: true,
  },
  password: {
    action: '/api/profile/password',
    method: 'POST',
    page: pathTo('edit-profile'),
    carry: [],
    fields: { currentPassword: 'secret', newPassword: 'secret' },
    next: () => savedOnProfileEdit('password'),
    signedIn: true,
  },
  // A reader's comment on a post (product.md §18; decision 068): the post page holds it, the post's slug in both addresses.
  comment: {
    action: '/api/posts/:slug/comments',
    method: 'POST',
    page: routeOf('post').pattern,
    carry: [REPLY_TO_PARAM],
    fields: { name: 'echo', email: 'echo', body: 'echo', parentId: 'hidden', [HONEYPOT_FIELD]: 'unseen', [TURNSTILE_FIELD]: 'unseen' },
    next: afterComment,
  },
  // The newsletter's form, in the footer and after every post (decision 069): a failure is shown on /subscribe.
  subscribe: {
    action: SUBSCRIBE_PATH,
    method: 'POST',
    page: pathTo('subscribe'),
    carry: [],
    fields: { email: 'echo', [HONEYPOT_FIELD]: 'unseen', [TURNSTILE_FIELD]: 'unseen' },
    next: () => `${pathTo('subscribe')}?notice=sent`,
  },
};

/** Whether a form shows a field of that name (where that field's error goes). */
export const showsField = (id: FormId, name: string): boolean => {
  const role = FORM_POSTS[id].fields[name];
  return role === 'echo' || role === 'secret';
};

const FORM_IDS = Object.keys(FORM_POSTS) as FormId[];
const isFormId = (value: string | null): value is FormId => value !== null && (FORM_IDS as string[]).includes(value);

/** Whether `pathname` is the address `pattern` (a form's action or page) names, for any value of its params. */
export const isAddressOf = (pattern: string, pathname: string): boolean => matchScore(pattern, pathname) !== null;

/** The API paths a form may post to as urlencoded. */
export const isFormAction = (pathname: string): boolean => FORM_IDS.some((id) => isAddressOf(FORM_POSTS[id].action, pathname));

/** Which form a post to `url` is: the one its `?form=` names if that form posts there, else the first that does. */
export function formPostAt(url: URL): { id: FormId; post: FormPost } | null {
  const named = url.searchParams.get(FORM_PARAM);
  const postsHere = (f: FormId) => isAddressOf(FORM_POSTS[f].action, url.pathname);
  const id = isFormId(named) && postsHere(named) ? named : FORM_IDS.find(postsHere);
  return id ? { id, post: FORM_POSTS[id] } : null;
}

/** The carried query of a page (or an action) URL's search, in the form's order. */
export function carriedQuery(post: FormPost, search: URLSearchParams): URLSearchParams {
  const carried = new URLSearchParams();
  for (const name of post.carry) {
    const value = search.get(name);
    if (value !== null) carried.set(name, value);
  }
  return carried;
}

/** The `action` of a form on the page at `pagePath` with the query `pageSearch`: its API path, its name, the carried query. */
export function formAction(id: FormId, pageSearch: string, pagePath: string = FORM_POSTS[id].page): string {
  const post = FORM_POSTS[id];
  const action = buildPath(post.action, paramsOf(post.page, pagePath));
  const query = new URLSearchParams({ [FORM_PARAM]: id });
  for (const [name, value] of carriedQuery(post, new URLSearchParams(pageSearch))) query.set(name, value);
  return `${action}?${query.toString()}`;
}

/** The address of the form's page for a post to `actionPath` (its params filled in), without a query. */
export const formPagePath = (post: FormPost, actionPath: string = post.action): string => buildPath(post.page, paramsOf(post.action, actionPath));

/** The page a post to `actionPath` came from, with its carried query (where a failure is shown). */
export function formPage(post: FormPost, carried: URLSearchParams, actionPath: string = post.action): string {
  const query = carried.toString();
  const page = formPagePath(post, actionPath);
  return query ? `${page}?${query}` : page;
}

/** The echoed fields of a submission: those the table marks `echo` or `hidden`, never a secret, an unseen field or an unknown name. */
export function echoedValues(post: FormPost, submitted: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, role] of Object.entries(post.fields)) {
    const value = submitted.get(name);
    if ((role === 'echo' || role === 'hidden') && value !== null) values[name] = value;
  }
  return values;
}

/**
 * A form as the Worker re-renders it after a post before hydration: which form, at which page address, the
 * echoed input, and the API's error (absent when a step continues, e.g. the login's code step).
 */
export interface FormReplay {
  form: FormId;
  path: string;
  values: Record<string, string>;
  error?: { status: number; code: string; message: string; fields: FieldErrors; retryAfter?: string };
}
