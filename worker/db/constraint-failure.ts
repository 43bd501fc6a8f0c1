// Which constraint D1 refused a write for, read from its error text: data-layer knowledge, free of HTTP.
export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null';

/** A constraint D1 refused a write for, and the column it names (`posts.slug`; '' when it names none). */
export interface ConstraintFailure {
  kind: ConstraintKind;
  column: string;
}

const CONSTRAINT_KINDS: [RegExp, ConstraintKind][] = [
  [/UNIQUE constraint failed(?::\s*([\w.]+))?|SQLITE_CONSTRAINT_UNIQUE/, 'unique'],
  [/FOREIGN KEY constraint failed|SQLITE_CONSTRAINT_FOREIGNKEY/, 'foreign_key'],
  [/CHECK constraint failed(?::\s*([\w.]+))?|SQLITE_CONSTRAINT_CHECK/, 'check'],
  [/NOT NULL constraint failed(?::\s*([\w.]+))?|SQLITE_CONSTRAINT_NOTNULL/, 'not_null'],
];

/** D1 reports constraint failures as text (on the error or its cause); this reads which one, or null. */
export function constraintFailureOf(err: unknown): ConstraintFailure | null {
  const text = err instanceof Error ? `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}` : '';
  for (const [pattern, kind] of CONSTRAINT_KINDS) {
    const m = pattern.exec(text);
    if (m) return { kind, column: m[1] ?? '' };
  }
  return null;
}

/** The column a UNIQUE violation names ('' when none, e.g. an expression index), or null for any other error. */
export function uniqueViolationOf(err: unknown): string | null {
  const failure = constraintFailureOf(err);
  return failure?.kind === 'unique' ? failure.column : null;
}
