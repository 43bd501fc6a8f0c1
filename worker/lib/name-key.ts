// How the UNIQUE indexes on lower(name) (categories, tags) compare names: SQLite's lower() folds ASCII
// letters only, so "Äb" and "äb" are two names to it while "Ab" and "ab" are one.

/** A name as lower(name) compares it, so names collapse exactly where the database would call them the same. */
export const nameKey = (name: string): string => name.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
