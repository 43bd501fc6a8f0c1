// The benchmark's same-bytes stand-in (decision 076): a Worker that answers each page with the very status,
// headers and body Byline answered it with, behind Byline's `[assets]` config, so the bench shows in every run
// what any Worker returning those bytes reaches under wrangler dev. The bench hands it each answer with a PUT
// to ANSWERS_PATH (carrying the token it started the stand-in with); answers live in a module-level Map, which
// is one isolate under wrangler dev. A GET with `Cache-Control: no-cache` first makes one D1 round trip, as a
// Byline miss makes at least one.

import { ANSWER_HEAD_HEADER, ANSWERS_PATH, TOKEN_HEADER, type AnswerHead } from './replay-protocol';

/** The part of the D1 binding the stand-in uses (typed here: scripts are checked without the Workers types). */
interface D1Like {
  withSession(constraint: string): { prepare(sql: string): unknown; batch(statements: unknown[]): Promise<unknown[]> };
}

export interface ReplayEnv {
  DB: D1Like;
  /** The secret the bench passes with `--var` and sends with every PUT: nothing else may store an answer. */
  REPLAY_TOKEN: string;
}

interface StoredAnswer extends AnswerHead {
  body: ArrayBuffer;
}

const answers = new Map<string, StoredAnswer>();

/** The key of a request: its path and query, as the bench names pages. */
const keyOf = (url: URL): string => url.pathname + url.search;

async function store(request: Request, env: ReplayEnv): Promise<Response> {
  if (!env.REPLAY_TOKEN || request.headers.get(TOKEN_HEADER) !== env.REPLAY_TOKEN) return new Response('Forbidden', { status: 403 });
  const path = new URL(request.url).searchParams.get('path');
  const head = request.headers.get(ANSWER_HEAD_HEADER);
  if (path === null || !path.startsWith('/') || head === null) return new Response('Needs ?path= and the answer head', { status: 400 });
  const { status, headers } = JSON.parse(decodeURIComponent(head)) as AnswerHead;
  answers.set(path, { status, headers, body: await request.arrayBuffer() });
  return new Response(null, { status: 204 });
}

export default {
  async fetch(request: Request, env: ReplayEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === ANSWERS_PATH) return request.method === 'PUT' ? store(request, env) : new Response(null, { status: 405 });
    const answer = answers.get(keyOf(url));
    if (answer === undefined) return new Response('No answer stored for this path', { status: 404 });
    if (request.headers.get('cache-control')?.includes('no-cache')) {
      const db = env.DB.withSession('first-unconstrained');
      await db.batch([db.prepare('SELECT 1')]);
    }
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  },
};
