// Serves the built site on a fresh local D1 (real migrations + demo content) for the browser tests, with
// one admin of the harness's own (not the demo's) through which each test makes its data (own-data.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser';

const PORT = Number(process.env.E2E_PORT ?? 8788);

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
    /** Everything `wrangler dev` printed, mails included (MAIL_LOG=console), for tests that read a mailed link. */
    serverLogPath: string;
    /** The harness's admin (made here with npm run admin:create), for support/own-data.ts only. */
    harnessAdmin: { login: string; password: string };
  }
}

// The terminal gets the server's warnings and errors only; the whole output (request lines, mails) goes to the log file.
const WORTH_SHOWING = /warn|error|✘/i;

function runOrThrow(args: string[], env: Record<string, string> = {}): void {
  const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, CI: 'true', ...env } });
  if (r.status !== 0) throw new Error(`npx ${args.join(' ')} failed with ${r.status}`);
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited early (${server.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the site did not come up at ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium'.`);
  }
  if (!existsSync('dist/client/manifest.json')) throw new Error('Build the site first: npx vite build');
  const persist = mkdtempSync(join(tmpdir(), 'byline-e2e-'));
  runOrThrow(['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--config', 'wrangler.toml', '--persist-to', persist]);
  runOrThrow(['tsx', 'scripts/seed.ts', '--persist-to', persist]);
  const harnessAdmin = { login: `harness-${randomBytes(4).toString('hex')}`, password: randomBytes(18).toString('base64url') };
  runOrThrow(['tsx', 'scripts/admin-create.ts', '--username', harnessAdmin.login, '--email', `${harnessAdmin.login}@example.com`, '--persist-to', persist], {
    BYLINE_ADMIN_PASSWORD: harnessAdmin.password,
  });
  project.provide('harnessAdmin', harnessAdmin);

  const serverLogPath = join(persist, 'server.log');
  const serverLog = createWriteStream(serverLogPath);
  const server = spawn(
    'npx',
    [
      'wrangler', 'dev', '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false',
      '--log-level', 'log', '--var', 'MAIL_LOG:console', '--var', 'REQUEST_LOG:off', '--var', `SITE_URL:http://localhost:${PORT}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' }, detached: true },
  );
  for (const [stream, terminal] of [[server.stdout, process.stdout], [server.stderr, process.stderr]] as const) {
    stream?.on('data', (chunk: Buffer) => {
      serverLog.write(chunk);
      const shown = chunk.toString().split('\n').filter((line) => WORTH_SHOWING.test(line) && !/^[│├└┌]/.test(line));
      if (shown.length > 0) terminal.write(`${shown.join('\n')}\n`);
    });
  }
  project.provide('serverLogPath', serverLogPath);
  const baseURL = `http://localhost:${PORT}`;
  await waitForServer(`${baseURL}/robots.txt`, server, 90_000);
  project.provide('baseURL', baseURL);

  return () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        server.kill('SIGTERM');
      }
    }
    serverLog.end();
    rmSync(persist, { recursive: true, force: true });
  };
}
