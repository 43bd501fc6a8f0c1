// The menus being edited at /admin/navigation, apart from the screen: moving (announced), adding up to the
// limit, removing, editing, each kind's address, and the API's errors found on their item.
import { describe, expect, it } from 'vitest';
import { NAVIGATION_ITEMS_MAX } from '../../contracts/navigation';
import { addTo, editable, editIn, itemErrors, moveIn, navigationOf, removeFrom, sameNavigation, targetUrl } from '../../web/features/admin/navigation-list';

const nav = {
  header: [
    { label: 'Home', url: '/' },
    { label: 'Tech', url: '/category/tech' },
    { label: 'About', url: '/about' },
  ],
  footer: [{ label: 'Privacy', url: '/privacy' }],
};

describe('navigation editor: the menus as the screen edits them', () => {
  it('moves an item within its menu and announces where it went; out of range is no move', () => {
    const menus = editable(nav);
    const moved = moveIn(menus, 'header', 2, 0)!;
    expect(navigationOf(moved.menus).header.map((i) => i.label)).toEqual(['About', 'Home', 'Tech']);
    expect(moved.announce).toBe('“About” moved to position 1 of 3.');
    expect(moved.menus.footer).toBe(menus.footer);
    expect(moveIn(menus, 'header', 0, -1)).toBeNull();
    expect(moveIn(menus, 'footer', 0, 1)).toBeNull();
  });

  it('adds at the end with a key of its own, up to the limit; removes by position', () => {
    const menus = editable(nav);
    const added = addTo(menus, 'footer', { label: 'Contact', url: '/contact' })!;
    expect(added.menus.footer.map((i) => i.label)).toEqual(['Privacy', 'Contact']);
    expect(added.announce).toBe('“Contact” added to the footer menu at position 2.');
    expect(new Set([...added.menus.header, ...added.menus.footer].map((i) => i.key)).size).toBe(5);
    const full = editable({ header: Array.from({ length: NAVIGATION_ITEMS_MAX }, () => nav.header[0]!), footer: [] });
    expect(addTo(full, 'header', { label: 'One more', url: '/x' })).toBeNull();
    const removed = removeFrom(menus, 'header', 1)!;
    expect(removed.menus.header.map((i) => i.label)).toEqual(['Home', 'About']);
    expect(removed.announce).toBe('“Tech” removed from the header menu.');
  });

  it('knows when the menus differ from the saved ones, an edit included', () => {
    const menus = editable(nav);
    expect(sameNavigation(navigationOf(menus), nav)).toBe(true);
    expect(sameNavigation(navigationOf(editIn(menus, 'header', 0, 'label', 'Start')), nav)).toBe(false);
  });

  it('links each kind to its address on the site', () => {
    expect(targetUrl('page', 'about')).toBe('/about');
    expect(targetUrl('category', 'tech')).toBe('/category/tech');
    expect(targetUrl('tag', 'rust')).toBe('/tag/rust');
    expect(targetUrl('author', 'ada')).toBe('/author/ada');
  });

  it('finds the API’s errors on their item (header.2.url) and on the menu as a whole', () => {
    const fields = { 'header.2.url': 'Not a valid https URL', 'header.0': 'Not an item', footer: 'Too many' };
    expect(itemErrors(fields, 'header', 2)).toEqual({ label: undefined, url: 'Not a valid https URL', item: undefined });
    expect(itemErrors(fields, 'header', 0).item).toBe('Not an item');
    expect(itemErrors(fields, 'footer', 0)).toEqual({ label: undefined, url: undefined, item: undefined });
  });
});
