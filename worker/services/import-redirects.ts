// The redirects of an import batch (docs/decisions/049): an imported site's old addresses — a post's
// permalink and `/?p=ID`, a category's, tag's or author's page — sent on to their Byline addresses. Each
// is judged by the rules every redirect write keeps (contracts/redirects.ts; services/redirect-writes.ts:
// no loop, no chain) and written by the same insert; one that Byline already answers, that would hide a
// live page (never followed: a redirect is asked only where a 404 would follow), or that exists is
// skipped with why, so importing the same file again writes nothing and fails nothing.
import type { ImportBatchData } from '../../contracts/import';
import { RedirectInputSchema, targetKeyOf } from '../../contracts/redirects';
import { paramsOf } from '../../contracts/route-pattern';
import { matchNamedRoute } from '../../contracts/routes';
import type { Db } from '../env';
import { findCategoriesBySlugs, findOldPostSlugs, findPagesBySlugs, findPostStatesBySlugs, findRedirectsFrom, findTagsBySlugs, findUsersByUsernames } from '../queries/import';
import { insertRedirectQuery, retargetRedirectsQuery } from '../queries/redirects';
import type { Plan } from './import';

/** The first segment of a route with a param → how to ask whether what it names exists. */
const NAMED_BY: Record<string, (db: Db, values: string[]) => Promise<string[]>> = {
  details: async (db, slugs) => [...(await findPostStatesBySlugs(db, slugs)).map((p) => p.slug), ...(await findOldPostSlugs(db, slugs)).map((p) => p.slug)],
  category: async (db, slugs) => (await findCategoriesBySlugs(db, slugs)).map((c) => c.slug),
  tag: async (db, slugs) => (await findTagsBySlugs(db, slugs)).map((t) => t.slug),
  author: async (db, names) => (await findUsersByUsernames(db, names)).map((u) => u.username),
  // The standalone page's `/:slug`: a page with this slug answers there.
  ':slug': async (db, slugs) => (await findPagesBySlugs(db, slugs)).map((p) => p.slug),
};

type Question = { kind: string; value: string } | 'answers' | 'free';

/** What decides whether a page answers at `from`: nothing (no route names it), the route itself, or a row. */
function questionOf(from: string): Question {
  if (from.startsWith('/?')) return 'free';
  const route = matchNamedRoute(from);
  if (!route || route.id === 'unknown') return 'free';
  if (!route.pattern.includes(':')) return 'answers';
  let params: Record<string, string>;
  try {
    params = paramsOf(route.pattern, from);
  } catch {
    return 'free';
  }
  const rules = 'params' in route ? route.params : undefined;
  const [name, value] = Object.entries(params)[0] ?? [];
  if (name === undefined || value === undefined || (rules?.[name] && !rules[name](value))) return 'free';
  const kind = route.pattern.split('/')[1] ?? '';
  return kind in NAMED_BY ? { kind, value } : 'free';
}

/** The addresses among `froms` a page of this site answers (a named page, or a post, category, tag, author or standalone page that exists). */
async function answeredAddresses(db: Db, froms: string[]): Promise<Set<string>> {
  const answered = new Set<string>();
  const asked = new Map<string, { from: string; value: string }[]>();
  for (const from of froms) {
    const q = questionOf(from);
    if (q === 'answers') answered.add(from);
    else if (q !== 'free') asked.set(q.kind, [...(asked.get(q.kind) ?? []), { from, value: q.value }]);
  }
  for (const [kind, items] of asked) {
    const existing = new Set(await NAMED_BY[kind]!(db, items.map((i) => i.value)));
    for (const i of items) if (existing.has(i.value)) answered.add(i.from);
  }
  return answered;
}

export async function planRedirects(db: Db, input: ImportBatchData, { report, writes }: Plan): Promise<void> {
  const skip = (key: string, why: string) => report.skipped.push({ kind: 'redirect', key, why });
  const valid: { from: string; to: string; status: 301 | 302; source: ImportBatchData['redirects'][number]['source'] }[] = [];
  const seen = new Set<string>();
  for (const item of input.redirects) {
    const parsed = RedirectInputSchema.safeParse({ from: item.from, to: item.to, status: item.status });
    if (!parsed.success) skip(item.from, parsed.error.issues[0]?.message ?? 'Not valid');
    else if (seen.has(parsed.data.from)) skip(parsed.data.from, 'Appears twice in the file');
    else if (targetKeyOf(parsed.data.to) === parsed.data.from) skip(parsed.data.from, 'Byline answers at this address itself');
    else {
      seen.add(parsed.data.from);
      // Only a Byline export says who made a redirect; the old addresses of WordPress and Ghost are the import's.
      valid.push({ ...parsed.data, source: input.source === 'byline' ? item.source : 'import' });
    }
  }
  if (valid.length === 0) return;
  const targetKeys = valid.flatMap((r) => targetKeyOf(r.to) ?? []);
  const [answered, stored] = await Promise.all([
    answeredAddresses(db, valid.map((r) => r.from)),
    findRedirectsFrom(db, [...valid.map((r) => r.from), ...targetKeys]),
  ]);
  // Where each address leads (stored rows and those planned here), so a new row takes its target's final one.
  const leadsTo = new Map(stored.map((r) => [r.from, r.to]));
  for (const r of valid) {
    const existing = stored.find((s) => s.from === r.from);
    if (answered.has(r.from)) skip(r.from, 'A page of this site answers at this address');
    else if (existing) skip(r.from, existing.to === r.to ? 'Already redirects there' : `A redirect from this address exists (to ${existing.to})`);
    else {
      const key = targetKeyOf(r.to);
      const to = (key !== null ? leadsTo.get(key) : undefined) ?? r.to;
      if (targetKeyOf(to) === r.from) {
        skip(r.from, 'It would send readers back to where they started');
        continue;
      }
      for (const [from, target] of leadsTo) if (targetKeyOf(target) === r.from) leadsTo.set(from, to);
      leadsTo.set(r.from, to);
      writes.push({ query: insertRedirectQuery(db, { ...r, to }), item: { kind: 'redirect', key: r.from } });
      writes.push({ query: retargetRedirectsQuery(db, r.from, to) });
    }
  }
}
