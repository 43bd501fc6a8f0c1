// The one environment type every Hono app and middleware of the Worker uses.
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { D1Handle } from './db/d1-outage';

/**
 * The drizzle client as `drizzle()` answers it, with the D1 handle it runs on (`$client`, drizzle's public
 * accessor: a request's guarded D1 session, db/client.ts). Built without the schema: queries name their tables, and drizzle's relational `db.query` (which
 * would walk the whole schema each time a client is built, once per page render) is not used (decision 051).
 */
export type Db = DrizzleD1Database & { $client: D1Handle };

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  email: string;
  bio: string;
  image: string | null;
  role: number;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    user: SessionUser | null;
    sessionId: number | null;
    requestId: string;
  };
}

declare global {
  /**
   * The global Env is the Worker's bindings with everything declared on Cloudflare.Env (here, in
   * worker/lib/mailer.ts, in tests/worker/env.d.ts). `wrangler types` ≥ 4.1xx makes both extend one generated
   * base (__BaseEnv_Env) rather than Env extend Cloudflare.Env, so the link is declared here.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: adds a supertype to wrangler's Env
  interface Env extends Cloudflare.Env {}
  namespace Cloudflare {
    interface Env {
      /** Optional secrets: with both set, a write purges the edge cache's content state everywhere (decision 009). */
      CF_ZONE_ID?: string;
      CF_API_TOKEN?: string;
      /** Optional secret: with it, registration checks Cloudflare Turnstile (worker/lib/turnstile.ts). */
      TURNSTILE_SECRET?: string;
    }
  }
}
