// The permission table of product.md §15 (contracts/permissions.ts), read as the product states it.
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, invitableRoles } from '../../contracts/permissions';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR, roleLabel, toRole } from '../../contracts/roles';

const admin = { role: ROLE_ADMIN };
const editor = { role: ROLE_EDITOR };
const author = { role: ROLE_AUTHOR };
const contributor = { role: ROLE_CONTRIBUTOR };

describe('the permission table', () => {
  it('lets an admin do everything', () => {
    for (const capability of CAPABILITIES) expect(can(admin, capability), capability).toBe(true);
  });

  it('lets an editor handle every post, page, category, tag, featured, menu, comment and media, but not users, settings, redirects or import/export', () => {
    for (const yes of ['posts.editAny', 'posts.review', 'posts.publish', 'pages.manage', 'categories.manage', 'tags.manage', 'featured.manage', 'navigation.manage', 'comments.moderate', 'media.manage', 'invites.send'] as const)
      expect(can(editor, yes), yes).toBe(true);
    for (const no of ['users.manage', 'settings.manage', 'redirects.manage', 'importExport', 'mail.failures', 'subscribers.manage'] as const) expect(can(editor, no), no).toBe(false);
  });

  it('lets an author write and publish their own posts only, and a contributor only write', () => {
    expect(CAPABILITIES.filter((c) => can(author, c))).toEqual(['posts.write', 'posts.publish']);
    expect(CAPABILITIES.filter((c) => can(contributor, c))).toEqual(['posts.write']);
  });

  it('lets nobody signed out do anything, and reads an unknown role number as an author', () => {
    for (const capability of CAPABILITIES) expect(can(null, capability)).toBe(false);
    expect(toRole(7)).toBe(ROLE_AUTHOR);
    expect(can({ role: 7 }, 'posts.editAny')).toBe(false);
  });

  it('lets admins invite any role, editors authors and contributors, and no one else invite', () => {
    expect(invitableRoles(admin)).toEqual([ROLE_ADMIN, ROLE_EDITOR, ROLE_AUTHOR, ROLE_CONTRIBUTOR]);
    expect(invitableRoles(editor)).toEqual([ROLE_AUTHOR, ROLE_CONTRIBUTOR]);
    expect(invitableRoles(author)).toEqual([]);
    expect(invitableRoles(contributor)).toEqual([]);
  });

  it('names each role', () => {
    expect([0, 1, 2, 3].map(roleLabel)).toEqual(['Admin', 'Author', 'Editor', 'Contributor']);
  });
});
