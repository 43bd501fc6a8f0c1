// The bench's side of the same-bytes stand-in (scripts/bench/replay-worker.ts, decision 076): start it on an
// empty temporary D1, capture Byline's answer to a page exactly as autocannon's plain GET receives it, hand it
// over, and check the stand-in answers the same bytes before anything is measured.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CliError } from '../d1-local';
import { ANSWER_HEAD_HEADER, ANSWERS_PATH, TOKEN_HEADER, type AnswerHead } from '../../bench/replay-protocol';
import { startWranglerDev, type DevServer } from './servers';

export interface CapturedAnswer extends AnswerHead {
  body: Buffer;
}

/** Headers about the connection or the framing, which the stand-in's own server sets for its answer. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** The raw answer to a plain GET (node:http, as autocannon sends it: no Accept-Encoding), every other header kept. */
export function captureAnswer(url: string, headers: Record<string, string> = {}): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, timeout: 90_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        const kept = pairs.filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase()));
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within 90 s`)));
    req.on('error', reject);
    req.end();
  });
}

const headerLine = ([name, value]: [string, string]): string => `${name.toLowerCase()}: ${value}`;

export interface StandIn {
  server: DevServer;
  /** Stores `answer` for `pagePath` and checks the stand-in now answers it byte for byte. */
  serve: (pagePath: string, answer: CapturedAnswer, headers?: Record<string, string>) => Promise<void>;
  stop: () => Promise<void>;
}

/** The stand-in under wrangler dev, its D1 in a fresh temporary folder (removed on stop), a random token of its own. */
export async function startStandIn(): Promise<StandIn> {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'byline-bench-replay-'));
  const token = randomBytes(16).toString('hex');
  const config = path.join('scripts', 'bench', 'replay.wrangler.toml');
  let server: DevServer;
  try {
    server = await startWranglerDev({ name: 'same bytes', args: ['--config', config, '--persist-to', persistTo, '--var', `REPLAY_TOKEN:${token}`] });
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
  const serve = async (pagePath: string, answer: CapturedAnswer, headers: Record<string, string> = {}) => {
    const head = encodeURIComponent(JSON.stringify({ status: answer.status, headers: answer.headers } satisfies AnswerHead));
    const put = await fetch(`${server.url}${ANSWERS_PATH}?path=${encodeURIComponent(pagePath)}`, {
      method: 'PUT',
      headers: { [TOKEN_HEADER]: token, [ANSWER_HEAD_HEADER]: head },
      body: new Uint8Array(answer.body),
    });
    if (put.status !== 204) throw new CliError(`The same-bytes stand-in refused ${pagePath}: ${put.status} ${await put.text()}`);
    const echo = await captureAnswer(server.url + pagePath, headers);
    const echoed = new Set(echo.headers.map(headerLine));
    const lost = answer.headers.map(headerLine).filter((line) => !echoed.has(line));
    if (echo.status !== answer.status || !echo.body.equals(answer.body) || lost.length > 0) {
      throw new CliError(
        `The same-bytes stand-in answers ${pagePath} with ${echo.status}, ${echo.body.byteLength} B, not ${answer.status}, ${answer.body.byteLength} B` +
          (lost.length > 0 ? `, without ${lost.join('; ')}.` : '.'),
      );
    }
  };
  const stop = async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
  return { server, serve, stop };
}
