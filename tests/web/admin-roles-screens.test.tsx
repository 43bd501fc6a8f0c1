// What each role sees of the admin area (product.md §15): the sidebar lists only the screens the role may
// use, the user menu offers "Admin" to whoever may enter the area, and the users screens offer all four roles.
// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR, type CurrentUser, type Role } from '../../contracts/roles';
import { UserMenu } from '../../web/components/user-menu';
import { AdminLayout } from '../../web/features/admin/admin-layout';
import { Component as UserFormPage } from '../../web/features/admin/user-form-page';
import { ROLE_OPTIONS } from '../../web/features/admin/role-options';
import { cleanup, renderRoutes, settle } from './render-in-router';

afterEach(cleanup);

const someone = (role: Role): CurrentUser => ({ name: `Role ${role}`, username: `role-${role}`, bio: '', image: null, role });

function sidebarOf(role: Role): string[] {
  const { host, session } = renderRoutes([{ path: '/admin/dashboard', Component: AdminLayout }], '/admin/dashboard', [{ status: 500 }]);
  act(() => session.setUser(someone(role)));
  const list = [...host.querySelectorAll('nav[aria-label="Admin"] .admin-nav-list a')].map((a) => a.textContent ?? '');
  // Small screens show the same screens folded into the "Menu" disclosure.
  const folded = [...host.querySelectorAll('nav[aria-label="Admin"] details a')].map((a) => a.textContent ?? '');
  expect(folded).toEqual(list);
  return list;
}

describe('the admin sidebar', () => {
  it('shows an editor the screens an editor may use (invites too), and not users, settings, redirects, import or export', () => {
    expect(sidebarOf(ROLE_EDITOR)).toEqual(['Dashboard', 'Posts', 'Pages', 'Categories', 'Featured', 'Tags', 'Comments', 'Media', 'Navigation', 'Invites']);
  });

  it('shows an admin every screen', () => {
    expect(sidebarOf(ROLE_ADMIN)).toEqual(['Dashboard', 'Posts', 'Pages', 'Categories', 'Featured', 'Tags', 'Comments', 'Media', 'Navigation', 'Redirects', 'Users', 'Invites', 'Import', 'Export', 'Settings', 'Subscribers', 'Mail']);
  });

  it('shows authors and contributors nothing (they have no admin screens)', () => {
    expect(sidebarOf(ROLE_AUTHOR)).toEqual([]);
    cleanup();
    expect(sidebarOf(ROLE_CONTRIBUTOR)).toEqual([]);
  });
});

describe('the user menu', () => {
  it.each([
    [ROLE_ADMIN, true],
    [ROLE_EDITOR, true],
    [ROLE_AUTHOR, false],
    [ROLE_CONTRIBUTOR, false],
  ] as const)('role %i: an Admin link %s', (role, shown) => {
    const user = someone(role);
    const { host } = renderRoutes([{ path: '/', Component: () => <UserMenu user={user} /> }], '/', [{ status: 500 }]);
    const links = [...host.querySelectorAll('a')].map((a) => a.textContent);
    expect(links.includes('Admin')).toBe(shown);
  });
});

describe('the users screens', () => {
  it('offer the four roles by name, most powerful first (the role filter and the user form)', async () => {
    expect(ROLE_OPTIONS).toEqual([
      { value: '0', label: 'Admin' },
      { value: '2', label: 'Editor' },
      { value: '1', label: 'Author' },
      { value: '3', label: 'Contributor' },
    ]);
    const { host } = renderRoutes([{ path: '/admin/user/create', loader: () => null, Component: UserFormPage }], '/admin/user/create', [{ status: 500 }]);
    await settle();
    const options = [...host.querySelectorAll<HTMLOptionElement>('select[name="role"] option')].map((o) => `${o.value} ${o.textContent}`);
    expect(options).toEqual(['0 Admin', '2 Editor', '1 Author', '3 Contributor']);
  });
});
