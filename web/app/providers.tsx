import type { ReactNode } from 'react';
import type { FormReplay } from '../../contracts/form-posts';
import type { ApiClients } from '../lib/api-client';
import { ApiContext } from '../lib/api-context';
import { FormReplayContext } from '../lib/form-replay';
import { SessionContext, type SessionStore } from '../lib/session';

interface Props {
  api: ApiClients;
  session: SessionStore;
  /** A form posted before hydration and shown again by the Worker (none on an ordinary page). */
  form?: FormReplay | undefined;
  children: ReactNode;
}

export function Providers({ api, session, form, children }: Props) {
  return (
    <ApiContext.Provider value={api}>
      <SessionContext.Provider value={session}>
        <FormReplayContext.Provider value={form ?? null}>{children}</FormReplayContext.Provider>
      </SessionContext.Provider>
    </ApiContext.Provider>
  );
}
