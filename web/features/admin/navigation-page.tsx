// `/admin/navigation`: the header and footer menus. Add a page, category, tag, author or link; edit labels
// and URLs; reorder by drag and drop or by keyboard (Move up / Move down, announced); remove after a
// confirmation; save both menus in one request. The site shows the change on its next page view.
import { useEffect, useRef, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { NAVIGATION_ITEMS_MAX, NAVIGATION_MENUS, type Navigation, type NavigationMenu } from '../../../contracts/navigation';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage } from './admin-kit';
import { listPageTargets } from './api';
import { NavigationAddForm, type Targets } from './navigation-add-form';
import { NavigationItemRow } from './navigation-item';
import { MENU_NAMES, type Target } from './navigation-list';
import { useNavigationEditor, type NavigationEditor } from './use-navigation-editor';

interface NavigationData {
  navigation: Navigation;
  targets: Required<Omit<Targets, 'page'>>;
}

export const loader: PageModule['loader'] = async (_args, { reads }) => {
  const [navigation, categories, tags, authors] = await Promise.all([
    reads.navigation(),
    reads.admin.categories(),
    reads.admin.tags(1),
    reads.admin.postAuthors(),
  ]);
  const named = (items: { slug: string; name: string }[]): Target[] => items.map(({ slug, name }) => ({ slug, name }));
  return {
    navigation,
    targets: { category: named(categories), tag: named(tags.items), author: authors.items.map((a) => ({ slug: a.username, name: a.name })) },
  } satisfies NavigationData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Navigation', noindex: true }) };

/** The site's pages, once `GET /api/admin/pages` answers; never offered where it does not exist yet. */
function usePageTargets(): Target[] | undefined {
  const api = useApi();
  const [pages, setPages] = useState<Target[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    listPageTargets(api).then(
      (found) => live && setPages(found ?? undefined),
      () => undefined, // the other kinds still work
    );
    return () => {
      live = false;
    };
  }, [api]);
  return pages;
}

function MenuSection({ menu, editor, targets, onRemove }: { menu: NavigationMenu; editor: NavigationEditor; targets: Targets; onRemove: (menu: NavigationMenu, index: number) => void }) {
  const dragFrom = useRef<number | null>(null);
  const items = editor.menus[menu];
  const headingId = `nav-${menu}-heading`;
  return (
    <section className="nav-menu" aria-labelledby={headingId}>
      <h2 id={headingId}>{MENU_NAMES[menu]} menu</h2>
      <p className="muted">
        {items.length} of {NAVIGATION_ITEMS_MAX}. Drag an item by its handle to reorder, or use its Move buttons.
      </p>
      <FormMessage message={editor.errors[menu]} />
      {items.length === 0 ? <p className="empty">No items: the {menu} shows no menu.</p> : null}
      <ol className="nav-items" aria-labelledby={headingId}>
        {items.map((item, i) => (
          <NavigationItemRow key={item.key} menu={menu} item={item} index={i} editor={editor} dragFrom={dragFrom} onRemove={(index) => onRemove(menu, index)} />
        ))}
      </ol>
      <NavigationAddForm menu={menu} editor={editor} targets={targets} />
    </section>
  );
}

type Confirming = { what: 'remove'; menu: NavigationMenu; index: number } | { what: 'reset' } | null;

export function Component() {
  const data = useLoaderData() as NavigationData;
  const editor = useNavigationEditor(data.navigation);
  const pages = usePageTargets();
  const targets: Targets = pages ? { ...data.targets, page: pages } : data.targets;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const { dirty, saving, flash } = editor;
  const removing = confirming?.what === 'remove' ? editor.menus[confirming.menu][confirming.index] : undefined;
  return (
    <AdminPage
      title="Navigation"
      actions={
        <button type="button" className="primary" onClick={() => void editor.save()} disabled={saving || !dirty}>
          {saving ? 'Saving…' : dirty ? 'Save menus' : 'Saved'}
        </button>
      }
    >
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <p className="muted">A new site’s header lists its categories until its menus are saved.</p>
      <p className="visually-hidden" aria-live="assertive">
        {editor.announce}
      </p>
      <div className="nav-menus">
        {NAVIGATION_MENUS.map((menu) => (
          <MenuSection key={menu} menu={menu} editor={editor} targets={targets} onRemove={(m, index) => setConfirming({ what: 'remove', menu: m, index })} />
        ))}
      </div>
      <p>
        <button type="button" onClick={() => setConfirming({ what: 'reset' })} disabled={saving}>
          Go back to the categories
        </button>
      </p>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.what === 'reset' ? 'Go back to the categories?' : 'Remove this item?'}
        message={
          confirming?.what === 'reset'
            ? 'Both saved menus are forgotten: the header lists every category again and the footer shows no menu. This takes effect at once.'
            : `“${removing?.label ?? ''}” leaves the ${confirming?.what === 'remove' ? confirming.menu : ''} menu when you save.`
        }
        confirmLabel={confirming?.what === 'reset' ? 'Go back' : 'Remove'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.what === 'remove') editor.remove(confirming.menu, confirming.index);
          if (confirming?.what === 'reset') void editor.reset();
          setConfirming(null);
        }}
      />
    </AdminPage>
  );
}
