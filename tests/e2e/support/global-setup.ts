// Serves the built site on a fresh local D1 (real migrations + demo content) for the browser tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser';

const PORT = Number(process.env.E2E_PORT ?? 8788);

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
  }
}

function runOrThrow(args: string[]): void {
  const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, CI: 'true' } });
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

  const server = spawn(
    'npx',
    ['wrangler', 'dev', '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'warn'],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: 'true' }, detached: true },
  );
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
    rmSync(persist, { recursive: true, force: true });
  };
}
