// Benchmarks a running Byline (npm start) on loopback: requests per second and latency percentiles for
// the main public routes, and the JavaScript a visitor's browser downloads for `/` and a post page.
// Usage: npx tsx scripts/bench.ts [--url http://localhost:8787] [--requests 300] [--concurrency 8]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const base = args.get('url') ?? 'http://localhost:8787';
const total = Number(args.get('requests') ?? 300);
const concurrency = Number(args.get('concurrency') ?? 8);
if (!/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(base)) throw new Error('Benchmarks only target loopback addresses');

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function load(path: string): Promise<string> {
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        const res = await fetch(base + path);
        const body = await res.arrayBuffer();
        latencies.push(performance.now() - t);
        bytes = body.byteLength;
        if (res.status >= 500) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return `${path.padEnd(34)} ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(latencies, 50).toFixed(1)} ms  p95 ${pct(latencies, 95).toFixed(1)} ms  p99 ${pct(latencies, 99).toFixed(1)} ms  ${bytes} B  ${failures} 5xx`;
}

async function jsShipped(paths: string[]): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const lines: string[] = [];
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sizes = new Map<string, { raw: number; gzip: number }>();
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const name = new URL(res.url()).pathname;
      pending.push(
        res.body().then(
          (b) => void sizes.set(name, { raw: b.byteLength, gzip: gzipSync(b).byteLength }),
          () => undefined,
        ),
      );
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const all = [...sizes.values()];
    const rawTotal = all.reduce((a, b) => a + b.raw, 0);
    const gzTotal = all.reduce((a, b) => a + b.gzip, 0);
    lines.push(`${path}: ${sizes.size} scripts, ${(rawTotal / 1024).toFixed(1)} KiB raw, ${(gzTotal / 1024).toFixed(1)} KiB gzip`);
    lines.push(`  ${[...sizes.keys()].map((k) => k.replace('/assets/', '')).join(', ')}`);
    await context.close();
  }
  await browser.close();
  return lines;
}

const posts = (await (await fetch(`${base}/api/posts`)).json()) as { items: { slug: string }[] };
const postPath = `/details/${posts.items[0]?.slug}`;
console.log(`Load: ${total} requests per path, ${concurrency} at a time, against ${base}\n`);
for (const path of ['/', postPath, '/api/posts', `/api/posts/${posts.items[0]?.slug}`, '/search?q=edge', '/rss.xml']) {
  await load(path); // warm-up run, not reported
  console.log(await load(path));
}
console.log('\nJavaScript shipped to a visitor (first load):');
for (const line of await jsShipped(['/', postPath])) console.log(line);
