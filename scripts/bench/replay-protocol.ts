// How the bench hands the same-bytes stand-in (replay-worker.ts) an answer. A module of its own: every value
// the Worker's main module exports is taken by workerd for an entrypoint.

/** Where the bench PUTs an answer: `?path=` names the page path (with its query) the answer is for. */
export const ANSWERS_PATH = '/__bench/answers';
/** The answer's status and headers travel as URI-encoded JSON in this request header; the body is the request body. */
export const ANSWER_HEAD_HEADER = 'x-bench-answer';
export const TOKEN_HEADER = 'x-bench-token';

export interface AnswerHead {
  status: number;
  headers: [string, string][];
}
