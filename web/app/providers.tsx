import type { ReactNode } from 'react';
import type { ApiClients } from '../lib/api-client';
import { ApiContext } from '../lib/api-context';
import { SessionContext, type SessionStore } from '../lib/session';

export function Providers({ api, session, children }: { api: ApiClients; session: SessionStore; children: ReactNode }) {
  return (
    <ApiContext.Provider value={api}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </ApiContext.Provider>
  );
}
