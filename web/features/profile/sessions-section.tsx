// The profile's list of signed-in devices: each can be ended, and "Log out everywhere else" ends all
// but this one.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProfileSession } from '../../../contracts/profile';
import { paths } from '../../lib/paths';
import { useDates } from '../../components/format';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../lib/session';
import { revokeOtherSessions, revokeSession } from './api';
import { describeUserAgent } from './user-agent';

export function SessionsSection({ initial }: { initial: ProfileSession[] }) {
  const { formatDateTime } = useDates();
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function run(action: () => Promise<void>, ok: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage({ kind: 'ok', text: ok });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong; please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const endOthers = () =>
    run(async () => {
      await revokeOtherSessions(api);
      setItems((all) => all.filter((s) => s.current));
    }, 'Logged out everywhere else.');

  const end = (target: ProfileSession) =>
    run(async () => {
      await revokeSession(api, target.id);
      if (target.current) {
        session.setUser(null);
        navigate(paths.login(), { replace: true });
        return;
      }
      setItems((all) => all.filter((s) => s.id !== target.id));
    }, 'Session ended.');

  const others = items.filter((s) => !s.current).length;
  return (
    <section className="section profile-sessions" aria-labelledby="profile-sessions-title">
      <h2 id="profile-sessions-title">Where you are logged in</h2>
      <ul className="session-list">
        {items.map((s) => (
          <li key={s.id} className="session-item">
            <div>
              <strong>{describeUserAgent(s.userAgent)}</strong>
              {s.current ? <span className="badge published">This device</span> : null}
              <p className="muted">
                Last seen <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time> · signed in{' '}
                <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
              </p>
            </div>
            <button type="button" onClick={() => void end(s)} disabled={busy} aria-label={`Log out ${describeUserAgent(s.userAgent)}${s.current ? ' (this device)' : ''}`}>
              Log out
            </button>
          </li>
        ))}
      </ul>
      <p className="inline-row">
        <button type="button" className="danger" onClick={() => void endOthers()} disabled={busy || others === 0}>
          Log out everywhere else
        </button>
      </p>
      <FormMessage kind={message?.kind ?? 'error'} message={message?.text} />
    </section>
  );
}
