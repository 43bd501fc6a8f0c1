// Each domain rule has one definition that both sides call: the contract functions behave as the rule
// says, and the sources no longer carry private copies of them (issue 10, item 2).
import { describe, expect, it } from 'vitest';
import { ADMIN_SEARCH_MAX, BIO_MAX, NAME_MAX, TITLE_MAX } from '../../contracts/limits';
import { AdminUserCreateSchema, AdminUserUpdateSchema } from '../../contracts/admin';
import { isVisibleToReaders } from '../../contracts/post-status';
import { PostInputSchema } from '../../contracts/posts';
import { ProfileUpdateSchema } from '../../contracts/profile';
import { isAdmin, roleLabel, ROLE_ADMIN, ROLE_AUTHOR, toRole } from '../../contracts/roles';
import { canEditPost } from '../../contracts/post-permissions';
import { clearableImageUrl, isPasswordIdentity, NameSchema } from '../../contracts/users';

// Every source file's text, keyed by its path from the repository root (`worker/lib/markdown.ts`).
const SOURCES = Object.entries(
  import.meta.glob<string>(['/worker/**/*.{ts,tsx}', '/web/**/*.{ts,tsx}', '/contracts/**/*.ts'], { query: '?raw', import: 'default', eager: true }),
).map(([path, text]) => ({ path: path.slice(1), text }));

const offenders = (dirs: string[], pattern: RegExp, except: string[] = []): string[] =>
  SOURCES.filter((f) => dirs.some((d) => f.path.startsWith(`${d}/`)) && !except.includes(f.path) && pattern.test(f.text)).map((f) => f.path);

it('reads the sources it checks', () => {
  expect(SOURCES.map((f) => f.path)).toEqual(expect.arrayContaining(['worker/lib/escape-html.ts', 'web/features/editor/editor-page.tsx', 'contracts/roles.ts']));
});

describe('roles (contracts/roles.ts)', () => {
  it('role 0 is the admin; every other role reads as an author', () => {
    expect(isAdmin({ role: ROLE_ADMIN })).toBe(true);
    expect(isAdmin({ role: ROLE_AUTHOR })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect([toRole(0), toRole(1), toRole(7)]).toEqual([ROLE_ADMIN, ROLE_AUTHOR, ROLE_AUTHOR]);
    expect([roleLabel(0), roleLabel(1)]).toEqual(['Admin', 'Author']);
  });

  it('a post may be edited by its author or an admin, never by a visitor', () => {
    const post = { status: 'published' } as const;
    expect(canEditPost({ role: ROLE_AUTHOR }, post, true)).toBe(true);
    expect(canEditPost({ role: ROLE_AUTHOR }, post, false)).toBe(false);
    expect(canEditPost({ role: ROLE_ADMIN }, post, false)).toBe(true);
    expect(canEditPost(null, post, true)).toBe(false);
  });

  it('no code outside contracts/roles.ts compares a role with a literal or keeps its own admin check', () => {
    expect(offenders(['worker', 'web', 'contracts'], /role\s*[!=]==\s*[01]\b|isAdminUser/)).toEqual([]);
  });
});

describe('password differs from username and email (isPasswordIdentity)', () => {
  it('matches either identity in any case, and a missing one never', () => {
    expect(isPasswordIdentity('ALICE', { username: 'alice', email: 'a@x.io' })).toBe(true);
    expect(isPasswordIdentity('A@X.io', { username: 'alice', email: 'a@x.io' })).toBe(true);
    expect(isPasswordIdentity('secret pass', { username: 'alice' })).toBe(false);
  });

  it('the admin schema refuses it with the same rule', () => {
    const create = AdminUserCreateSchema.safeParse({ name: 'A', username: 'alice', email: 'a@x.io', password: 'A@X.IO', role: 1 });
    expect(create.success).toBe(false);
    expect(AdminUserUpdateSchema.safeParse({ email: 'b@x.io', password: 'b@x.io' }).success).toBe(false);
  });
});

describe('clearable image URL (clearableImageUrl)', () => {
  it('takes https:// or /media/…, clears on empty, and names the field', () => {
    const cover = clearableImageUrl('Cover image');
    expect(cover.parse(' https://example.com/a.png ')).toBe('https://example.com/a.png');
    expect(cover.parse('/media/abc.png')).toBe('/media/abc.png');
    expect(cover.parse('')).toBeNull();
    const bad = cover.safeParse('http://example.com/a.png');
    expect(bad.success ? '' : bad.error.issues[0]?.message).toBe('Cover image must be an https:// URL or an uploaded image');
  });

  it('post cover, profile image and admin user image share it', () => {
    expect(PostInputSchema.safeParse({ title: 't', body: 'b', category: 'c', coverImage: 'javascript:x' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ image: 'javascript:x' }).success).toBe(false);
    expect(AdminUserUpdateSchema.safeParse({ image: '' }).data?.image).toBeNull();
  });
});

describe('limits (contracts/limits.ts)', () => {
  it('the schemas enforce the same numbers the forms use', () => {
    expect(NameSchema.safeParse('x'.repeat(NAME_MAX)).success).toBe(true);
    expect(NameSchema.safeParse('x'.repeat(NAME_MAX + 1)).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ bio: 'x'.repeat(BIO_MAX + 1) }).success).toBe(false);
    expect(PostInputSchema.safeParse({ title: 'x'.repeat(TITLE_MAX + 1), body: 'b', category: 'c' }).success).toBe(false);
    expect(ADMIN_SEARCH_MAX).toBe(48);
  });

  it('no form retypes a limit as a literal maxLength', () => {
    expect(offenders(['web'], /maxLength=\{\d/)).toEqual([]);
  });
});

describe('one copy of the Worker-side rules', () => {
  it('escapeHtml is defined only in worker/lib/escape-html.ts (render/document.ts is left to the render work)', () => {
    expect(offenders(['worker'], /const escapeHtml\s*=|function escapeHtml/, ['worker/lib/escape-html.ts', 'worker/render/document.ts'])).toEqual([]);
  });

  it("the visibility rule is spelled only in worker/queries/post-visibility.ts", () => {
    expect(offenders(['worker/queries'], /status\W*\s*=\s*'published'\s*AND|eq\(posts\.status, 'published'\)/, ['worker/queries/post-visibility.ts'])).toEqual([]);
  });

  it('page offsets are computed only in worker/queries/list-page.ts', () => {
    expect(offenders(['worker/queries'], /page - 1\) \*/, ['worker/queries/list-page.ts'])).toEqual([]);
  });
});

describe('visible to readers, for one post in hand (isVisibleToReaders)', () => {
  it('is published with a publish time not after now', () => {
    expect(isVisibleToReaders({ status: 'published', publishedAt: 1000 }, 1000)).toBe(true);
    expect(isVisibleToReaders({ status: 'published', publishedAt: 1001 }, 1000)).toBe(false);
    expect(isVisibleToReaders({ status: 'published', publishedAt: null }, 1000)).toBe(false);
    expect(isVisibleToReaders({ status: 'draft', publishedAt: 10 }, 1000)).toBe(false);
  });
});
