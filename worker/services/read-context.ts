// What every read service is called with: the request's db and session, and the one clock of the call.
// The API's GET handlers build it from their request; the page renderer from the page's (render/service-reads.ts).
import type { z } from 'zod';
import type { AppEnv, Db, SessionUser } from '../env';

type RequestState = Pick<AppEnv['Variables'], 'db' | 'user' | 'sessionId'>;

export interface ReadContext {
  db: Db;
  user: SessionUser | null;
  /** The session's row id, so a list of sessions can mark the current one. */
  sessionId: number | null;
  now: number;
}

/** A GET handler's context (a route behind requireUser narrows `user`, which is still this state). */
export const readContextOf = (c: { var: RequestState }): ReadContext => ({
  db: c.var.db,
  user: c.var.user,
  sessionId: c.var.sessionId,
  now: Date.now(),
});

/** A read's input: what the contract schema of its query or path parameters answers once parsed. */
export type ReadInput<S extends z.ZodType> = z.output<S>;
