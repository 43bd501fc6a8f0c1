// Stand-ins for the Workers runtime names that the Worker modules imported by these scripts mention
// (worker/db/client.ts, worker/db/d1-outage.ts, worker/db/built-once.ts, worker/env.ts). The full runtime typing (worker-configuration.d.ts) clashes with
// Node's, so the scripts' type check sees only these; at run time the binding is wrangler's getPlatformProxy.
interface D1Result<T = unknown> {
  results: T[];
}
interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first<T = unknown>(column?: string): Promise<T | null>;
  all<T = unknown>(): Promise<D1Result<T>>;
  run<T = unknown>(): Promise<D1Result<T>>;
  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]>;
}
interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}
interface Env {
  DB: D1Database;
  PASSWORD_PEPPER: string;
}
