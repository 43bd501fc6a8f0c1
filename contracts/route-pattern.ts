// Route patterns ('/category/:slug', '/admin/*'): which one an address matches, and the address a pattern
// builds from its params. Plain code: the browser, the Worker and the tests read the route table with it.

/** A rule a path value must pass to name anything at all, e.g. `isSlug` or `isUsername`. */
export type ParamRule = (value: string) => boolean;
export type ParamRules = Readonly<Record<string, ParamRule>>;

/** The `:name`s of a pattern, as a union of names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a pattern needs to build an address: nothing, or a value for each of its `:name`s. */
export type ParamsArg<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: Record<ParamNames<P>, string>];

const segmentsOf = (path: string): string[] => (path === '/' ? [] : path.slice(1).split('/'));

// Every request asks the whole table (its cache class, before anything else): each pattern is split once.
const patternSegments = new Map<string, readonly string[]>();
function segmentsOfPattern(pattern: string): readonly string[] {
  let segments = patternSegments.get(pattern);
  if (!segments) patternSegments.set(pattern, (segments = segmentsOf(pattern)));
  return segments;
}

// As React Router ranks them: a fixed segment over a `:param`, either over a `*` (which may match nothing).
const STATIC = 10;
const PARAM = 3;
const SPLAT = -2;

/**
 * How well `pattern` matches the address `path` (its pathname, without the query), or null when it does
 * not: `:name` matches one segment that is not empty, `*` (last only) the rest, however many segments.
 */
export function matchScore(pattern: string, path: string, got: readonly string[] = segmentsOf(path)): number | null {
  const want = segmentsOfPattern(pattern);
  let score = want.length;
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*') return score + SPLAT;
    const value = got[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) {
      if (value === '') return null;
      score += PARAM;
    } else if (part === value) {
      score += STATIC;
    } else {
      return null;
    }
  }
  return got.length === want.length ? score : null;
}

/** The route of `routes` that `path` matches best, or null when none does. */
export function bestMatch<R extends { pattern: string }>(routes: readonly R[], path: string): R | null {
  let best: R | null = null;
  let bestScore = -Infinity;
  const got = segmentsOf(path);
  for (const route of routes) {
    const score = matchScore(route.pattern, path, got);
    if (score !== null && score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}

// A pattern split once into its text and its params' names, alternating (`/tag/:slug/rss.xml` →
// ['/tag/', 'slug', '/rss.xml']): a page's render builds a path for every link it shows.
const splitPatterns = new Map<string, string[]>();
const splitPattern = (pattern: string): string[] => {
  let parts = splitPatterns.get(pattern);
  if (!parts) splitPatterns.set(pattern, (parts = pattern.split(/:([^/]+)/)));
  return parts;
};

/** The address `pattern` names with `params` (each value percent-encoded as one segment). */
export function buildPath(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  const parts = splitPattern(pattern);
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = params[parts[i]!];
    if (value === undefined) throw new Error(`${pattern} needs :${parts[i]}`);
    path += encodeURIComponent(value) + parts[i + 1]!;
  }
  return path;
}

/** The params `path` gives `pattern` (decoded), e.g. `/tag/:slug/rss.xml` and `/tag/css/rss.xml` → { slug: 'css' }. */
export function paramsOf(pattern: string, path: string): Record<string, string> {
  const got = segmentsOf(path);
  const params: Record<string, string> = {};
  segmentsOf(pattern).forEach((part, i) => {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[i] ?? '');
  });
  return params;
}
