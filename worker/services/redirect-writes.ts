// Writing redirects: one rule for every writer (the admin, and Byline itself for renamed categories and
// tags): `from` free, no loop, and no chain — a → b with b → c stores a → c, and x → a becomes x → c.
import { targetKeyOf, type Redirect, type RedirectFields, type RedirectSource } from '../../contracts/redirects';
import type { Db } from '../env';
import { conflict, validationFailed } from '../lib/http-error';
import { deleteRedirectsFrom, findRedirectTarget, insertRedirectQuery, retargetRedirectsQuery, toRedirect } from '../queries/redirects';

/** Where `to` finally leads: itself, or where an existing redirect from it goes (rows never chain). */
async function finalTarget(db: Db, to: string): Promise<string> {
  const key = targetKeyOf(to);
  const next = key === null ? null : await findRedirectTarget(db, key);
  return next?.to ?? to;
}

/** Adds the redirect (a taken `from` → 409, a loop → 422), collapsing chains both ways in one batch. */
export async function addRedirect(db: Db, input: RedirectFields, source: RedirectSource): Promise<Redirect> {
  if (await findRedirectTarget(db, input.from)) {
    throw conflict('There is already a redirect from that address', { from: 'There is already a redirect from this address' });
  }
  const to = await finalTarget(db, input.to);
  if (targetKeyOf(to) === input.from) {
    throw validationFailed({ to: 'This would send readers back to where they started' }, 'A redirect may not lead back to itself');
  }
  const [[row]] = await db.batch([insertRedirectQuery(db, { ...input, to, source }), retargetRedirectsQuery(db, input.from, to)]);
  return toRedirect(row!);
}

/**
 * Byline's own redirect for an address that moved (a renamed category or tag, a merged tag): `to` answers
 * now, so a redirect from it goes; one from `from` is replaced; rows that led to `from` lead to `to`.
 */
export async function addMovedRedirect(db: Db, from: string, to: string, source: RedirectSource): Promise<void> {
  if (from === to) return;
  await deleteRedirectsFrom(db, [from, to]);
  await addRedirect(db, { from, to, status: 301 }, source);
}
