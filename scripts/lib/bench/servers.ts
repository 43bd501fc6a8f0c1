// Starts `wrangler dev` servers on loopback for the benchmark, waits until they answer, and stops
// exactly the process groups it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { CliError, PROJECT_ROOT } from '../d1-local';

export const LOOPBACK = '127.0.0.1';

export interface DevServer {
  name: string;
  url: string;
  stop: () => Promise<void>;
  /** Null while it runs; else how it ended (`exited with code 1`, `killed by SIGKILL`) and its last output. */
  ended: () => string | null;
}

/** A TCP port that is free on loopback right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new CliError(`wrangler dev exited (code ${child.exitCode}) before answering:\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new CliError(`${url} did not answer within ${timeoutMs / 1000} s:\n${log()}`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM'); // the group: wrangler and the workerd it spawned
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

export interface WranglerDevOptions {
  name: string;
  /** Extra arguments, e.g. `--config FILE` or `--persist-to DIR`. */
  args: string[];
  /** Path requested to decide the server is up. */
  readyPath?: string;
}

/** `wrangler dev` on a free loopback port (and a free inspector port), in its own process group. */
export async function startWranglerDev(opts: WranglerDevOptions): Promise<DevServer> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const wrangler = path.join(PROJECT_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const url = `http://${LOOPBACK}:${port}`;
  const args = [wrangler, 'dev', ...opts.args, '--ip', LOOPBACK, '--port', String(port), '--inspector-port', String(inspectorPort)];
  // Feeds and sitemaps are built on SITE_URL (decision 032): without it they answer 503.
  args.push('--show-interactive-dev-session=false', '--log-level', 'warn', '--var', `SITE_URL:${url}`, '--var', 'REQUEST_LOG:off');
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    detached: true, // its own process group, so stopping it takes workerd along
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const ended = () => {
    if (child.exitCode === null && child.signalCode === null) return null;
    const how = child.signalCode === null ? `exited with code ${child.exitCode}` : `killed by ${child.signalCode}`;
    return `wrangler dev ${how}${stopping ? ' (stopped by the bench)' : ''}; its last output:\n${output}`;
  };
  const server: DevServer = {
    name: opts.name,
    url,
    stop: () => {
      stopping = true;
      return stopGroup(child);
    },
    ended,
  };
  try {
    await waitUntilAnswering(url + (opts.readyPath ?? '/'), child, () => output);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
