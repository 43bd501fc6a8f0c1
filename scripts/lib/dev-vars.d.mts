/** Creates `file` (default `.dev.vars`) with random secrets when it is missing; true when it did. */
export function ensureDevVars(file?: string): boolean;
