// Every read a page's loaders and guards make, as one interface with two implementations: in the browser
// over HTTP (web/lib/page-reads-api.ts, the API's GET routes), on the Worker by calling the same read services
// those routes call (worker/render/service-reads.ts), with the request's db and session — no HTTP request
// through the app (docs/decisions/034). A failure is a StatusError (errors.ts) on both sides.
import type { AdminSubscribers } from './newsletter';
import type { AdminCategory, AdminPostList, AdminStats, AdminUser, AdminUserList, PostAuthorList } from './admin';
import type { Category } from './categories';
import type { AdminCommentList, PublicCommentList } from './comments';
import type { HomeResponse } from './home';
import type { InviteCheck, InviteList } from './invites';
import type { ListPage } from './list-page';
import type { Page, PageList } from './pages';
import type { Navigation } from './navigation';
import type { PasswordResetCheck } from './password-reset-check';
import type { Post, PostSearchResponse, PostSummary } from './posts';
import type { AuthorPageResponse, ProfileResponse, ProfileSessionList } from './profile';
import type { MailFailure } from './mail-failures';
import type { MediaItem } from './media-library';
import type { Redirect } from './redirects';
import type { RegistrationTerms } from './registration-policy';
import type { AdminSettings, PublicSettings } from './settings';
import type { AdminTag, Tag } from './tags';

/** Query values as a loader has them; '' and absent values are left out, as from a URL's query. */
export type QueryValues = Readonly<Record<string, string | number | undefined | null>>;

/** The query a set of values stands for: the one rule for both `?a=b` and the values a query schema parses. */
export function queryRecord(values: QueryValues): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') record[k] = String(v);
  return record;
}

/** `GET /api/posts` as the listing pages filter it (one of a category or a tag). */
export interface PostFilter {
  page: number;
  category?: string;
  tag?: string;
}

/** The admin area's reads: on the Worker, refused as their `/api/admin/*` routes are (401 visitor, 403 a role without the capability). */
export interface AdminReads {
  stats(): Promise<AdminStats>;
  posts(filters: QueryValues, page: number): Promise<AdminPostList>;
  postAuthors(): Promise<PostAuthorList>;
  categories(): Promise<AdminCategory[]>;
  category(slug: string): Promise<AdminCategory>;
  featured(): Promise<PostSummary[]>;
  tags(page: number): Promise<ListPage<AdminTag>>;
  /** One page of the redirects, newest first. */
  redirects(page: number): Promise<ListPage<Redirect>>;
  /** One page of the mails the queue gave up on, newest first. */
  mailFailures(page: number): Promise<ListPage<MailFailure>>;
  /** One page of the newsletter's subscribers (`status`, `q` filters), by address, with the counts per status. */
  subscribers(filters: QueryValues, page: number): Promise<AdminSubscribers>;
  /** One page of the media library (`uploader` filter), newest first. */
  media(filters: QueryValues, page: number): Promise<ListPage<MediaItem>>;
  users(filters: QueryValues, page: number): Promise<AdminUserList>;
  user(username: string): Promise<AdminUser>;
  /** Every setting of the site (the settings screen). */
  settings(): Promise<AdminSettings>;
  /** Every standalone page, drafts too. */
  pages(page: number): Promise<PageList>;
  /** One page, any status, for its editor. */
  page(slug: string): Promise<Page>;
  /** One page of comments of a status (`status`, `post` filters), newest first, with each status's count. */
  comments(filters: QueryValues, page: number): Promise<AdminCommentList>;
  /** One page of the pending invites (whoever may send invites: admins and editors). */
  invites(page: number): Promise<InviteList>;
}

export interface PageReads {
  /** The site's public settings (its name, language…): the root route reads them for every page. */
  site(): Promise<PublicSettings>;
  /** The header and footer menus: the root route reads them with the settings, for every page. */
  navigation(): Promise<Navigation>;
  /** The featured section (page 1) and the latest posts less those. */
  home(page: number): Promise<HomeResponse>;
  /** The first page of categories with published posts. */
  categories(): Promise<ListPage<Category>>;
  category(slug: string): Promise<Category>;
  /** The first page of tags (by name) with their published counts. */
  tags(): Promise<ListPage<Tag>>;
  tag(slug: string): Promise<Tag>;
  /** One page of the published posts of a category or a tag. */
  posts(filter: PostFilter): Promise<ListPage<PostSummary>>;
  /** One page of the published posts matching `q` (of one tag, if given), best first. */
  search(q: string, tag: string | undefined, page: number): Promise<PostSearchResponse>;
  /** A post as the signed-in user may see it (a draft only to its author or an admin); an old slug answers the post at its current one. */
  post(slug: string): Promise<Post>;
  /** A post's approved comments; none for a post readers cannot see (its author's preview of a draft). */
  postComments(slug: string): Promise<PublicCommentList>;
  /** The same post for its editor (in the browser a lapsed session goes to the login page and back). */
  postForEdit(slug: string): Promise<Post>;
  /** A standalone page (About) as the signed-in user may see it: a draft only to those who manage pages. */
  page(slug: string): Promise<Page>;
  /** The author and one page of their published posts. */
  author(username: string, page: number): Promise<AuthorPageResponse>;
  /** What the register page offers: the registration policy and the Turnstile widget's site key (or null). */
  registration(): Promise<RegistrationTerms>;
  /** Whether a password-reset link still works, without using it. */
  passwordResetCheck(token: string): Promise<PasswordResetCheck>;
  /** What an invite link is for (its address and role), without using it. */
  inviteCheck(token: string): Promise<InviteCheck>;
  /** The signed-in user and one page of their posts (every status). */
  profile(page?: number): Promise<ProfileResponse>;
  /** The signed-in user's sessions. */
  sessions(): Promise<ProfileSessionList>;
  admin: AdminReads;
}
