/** Creates `file` (default `.dev.vars`) with random secrets when it is missing; true when it did. */
export function ensureDevVars(file?: string): boolean;

/** The value of `name=` in `file` (default `.dev.vars`), or undefined (no file, no such line, or an empty value). */
export function devVar(name: string, file?: string): string | undefined;
