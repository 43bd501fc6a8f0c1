// The JavaScript a first visit downloads, measured in a real Chromium (playwright-core): how many
// scripts, their raw size and their size gzipped (what the wire carries with compression).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface ScriptBytes {
  path: string;
  scripts: string[];
  raw: number;
  gzip: number;
}

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function measureScriptBytes(base: string, paths: readonly string[]): Promise<ScriptBytes[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const out: ScriptBytes[] = [];
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
      out.push({
        path,
        scripts: [...sizes.keys()].map((k) => k.replace('/assets/', '')),
        raw: all.reduce((a, b) => a + b.raw, 0),
        gzip: all.reduce((a, b) => a + b.gzip, 0),
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

export const formatScriptBytes = (s: ScriptBytes): string =>
  `${s.path}: ${s.scripts.length} scripts, ${(s.raw / 1024).toFixed(1)} KiB raw, ${(s.gzip / 1024).toFixed(1)} KiB gzip\n  ${s.scripts.join(', ')}`;
