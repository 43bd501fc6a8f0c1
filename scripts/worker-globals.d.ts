// Stand-ins for the Workers runtime names that the Worker modules imported by these scripts mention
// (worker/db/client.ts, worker/db/built-once.ts, worker/env.ts). The full runtime typing (worker-configuration.d.ts) clashes with
// Node's, so the scripts' type check sees only these; at run time the binding is wrangler's getPlatformProxy.
interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  all(): Promise<unknown>;
}
interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<unknown[]>;
}
interface Env {
  DB: D1Database;
  PASSWORD_PEPPER: string;
}
