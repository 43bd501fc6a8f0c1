// The menus being edited: the items against the saved ones, the changes and their announcements, saving
// both menus in one request (each bad item's field named), going back to a new site's menus, and showing
// the change on the site at once (the root route's data is read again).
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { FieldErrors } from '../../../contracts/errors';
import type { Navigation, NavigationItem, NavigationMenu } from '../../../contracts/navigation';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import type { Flash } from './admin-kit';
import { resetNavigation, saveNavigation } from './api';
import { addTo, editable, editIn, moveIn, navigationOf, removeFrom, sameNavigation, type Menus, type MenusChange } from './navigation-list';

export function useNavigationEditor(initial: Navigation) {
  const api = useApi();
  const revalidator = useRevalidator();
  const [menus, setMenus] = useState<Menus>(() => editable(initial));
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [flash, setFlash] = useState<Flash>(null);
  const [announce, setAnnounce] = useState('');
  const [saving, setSaving] = useState(false);
  const dirty = !sameNavigation(navigationOf(menus), saved);
  useUnsavedChangesWarning(dirty);

  const apply = (change: MenusChange | null) => {
    if (!change) return;
    setMenus(change.menus);
    setAnnounce(change.announce);
    // Positions moved: errors named by position no longer point at their items.
    setErrors({});
  };

  /** Runs a request that answers the menus as saved; the site's header and footer show them at once. */
  async function settle(request: () => Promise<Navigation>, done: string) {
    setSaving(true);
    setFlash(null);
    try {
      const result = await request();
      setMenus(editable(result));
      setSaved(result);
      setErrors({});
      // Saved once the site's own data (the root route's) holds the new menus too.
      await revalidator.revalidate();
      setFlash({ kind: 'ok', text: done });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.fields);
        setFlash({ kind: 'error', text: 'Some items need attention; nothing was saved.' });
      } else {
        setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Could not save. Check your connection and try again.' });
      }
    } finally {
      setSaving(false);
    }
  }

  return {
    menus,
    dirty,
    saving,
    flash,
    errors,
    announce,
    move: (menu: NavigationMenu, from: number, to: number) => apply(moveIn(menus, menu, from, to)),
    add: (menu: NavigationMenu, item: NavigationItem) => apply(addTo(menus, menu, item)),
    remove: (menu: NavigationMenu, index: number) => apply(removeFrom(menus, menu, index)),
    edit: (menu: NavigationMenu, index: number, field: 'label' | 'url', value: string) => setMenus(editIn(menus, menu, index, field, value)),
    save: () => settle(() => saveNavigation(api, navigationOf(menus)), 'Menus saved. The site shows them now.'),
    reset: () => settle(() => resetNavigation(api), 'The header lists the categories again; the footer menu is empty.'),
  };
}

export type NavigationEditor = ReturnType<typeof useNavigationEditor>;
