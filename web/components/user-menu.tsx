// The signed-in user's menu: Profile, New post, Admin (whoever may enter the admin area), Log out.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from './link';
import { can } from '../../contracts/permissions';
import type { CurrentUser } from '../../contracts/roles';
import { ADMIN_AREA_CAPABILITY } from '../../contracts/routes';
import { paths } from '../lib/paths';
import { useApi } from '../lib/api-context';
import { logout as endSession } from '../lib/auth-api';
import { useSessionStore } from '../lib/session';

export function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = 'user-menu-list'; // one per page; named, not useId() (see form-field.tsx)
  const ref = useRef<HTMLDivElement>(null);
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function logout() {
    setBusy(true);
    try {
      await endSession(api);
    } catch (error) {
      console.error('Logout failed', error);
    }
    session.setUser(null);
    setBusy(false);
    setOpen(false);
    navigate(paths.home());
  }

  return (
    <div className="user-menu" ref={ref}>
      <button type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        {user.name}
      </button>
      <ul id={menuId} hidden={!open} className="user-menu-list">
        <li>
          <Link to={paths.profile()} onClick={() => setOpen(false)}>
            Profile
          </Link>
        </li>
        <li>
          <Link to={paths.createPost()} onClick={() => setOpen(false)}>
            New post
          </Link>
        </li>
        {can(user, ADMIN_AREA_CAPABILITY) ? (
          <li>
            <Link to={paths.admin.dashboard()} onClick={() => setOpen(false)}>
              Admin
            </Link>
          </li>
        ) : (
          <li>
            {/* Outside the admin area, the comments on one's own posts (decision 068). */}
            <Link to={paths.myComments()} onClick={() => setOpen(false)}>
              Comments
            </Link>
          </li>
        )}
        <li>
          <button type="button" onClick={logout} disabled={busy}>
            {busy ? 'Logging out…' : 'Log out'}
          </button>
        </li>
      </ul>
    </div>
  );
}
