/** A new secret: 64 random URL-safe characters (48 bytes), twice the Worker's minimum. */
export function randomSecret(): string;

/** Creates `file` (default `.dev.vars`) with random secrets when it is missing; true when it did. */
export function ensureDevVars(file?: string): boolean;

/** The value of `name=` in `file` (default `.dev.vars`), or undefined (no file, no such line, or an empty value). */
export function devVar(name: string, file?: string): string | undefined;

/** The vars a local Worker runs with beyond wrangler.toml's: mail printed in full, links built from the local address. */
export function localVars(port: number | string, file?: string): { MAIL_LOG: string; REQUEST_LOG: string; SITE_URL: string };
