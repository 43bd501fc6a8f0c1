// Pure helpers for the benchmark's numbers: combining rounds, ratios, and the printed table.

/** One load run: throughput, latency percentiles in milliseconds, failed requests. */
export interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Rounds combined: the median of each figure (robust to a noisy neighbour), errors summed. */
export function combineRounds(rounds: readonly Sample[]): Sample {
  return {
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** `part` as a percentage of `whole`, e.g. "4.5%"; "–" when there is nothing to compare with. */
export function percentOf(part: number, whole: number): string {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return '–';
  const pct = (100 * part) / whole;
  return `${pct < 10 ? pct.toFixed(1) : pct.toFixed(0)}%`;
}

/** Three significant figures at most for small numbers, whole numbers from 100 up. */
const number = (n: number): string => (!Number.isFinite(n) ? '–' : n < 100 ? n.toFixed(1) : n.toFixed(0));

export type PageResult =
  | { label: string; path: string; cached: Sample; uncached: Sample; hello: Sample }
  | { label: string; path: string; skipped: string };

/** A plain-text table: one row per page and cache mode, with hello's row and the ratio to it. */
export function formatTable(results: readonly PageResult[]): string {
  const header = ['page', 'path', 'mode', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs hello'];
  const rows: string[][] = [];
  for (const r of results) {
    if ('skipped' in r) {
      rows.push([r.label, r.path, `not measured: ${r.skipped}`, '', '', '', '', '']);
      continue;
    }
    const row = (label: string, path: string, mode: string, s: Sample, ratio: string) => [
      label,
      path,
      mode,
      number(s.requestsPerSecond),
      number(s.p50),
      number(s.p99),
      String(s.errors),
      ratio,
    ];
    rows.push(row(r.label, r.path, 'cached', r.cached, percentOf(r.cached.requestsPerSecond, r.hello.requestsPerSecond)));
    rows.push(row('', '', 'uncached', r.uncached, percentOf(r.uncached.requestsPerSecond, r.hello.requestsPerSecond)));
    rows.push(row('', '', 'hello', r.hello, ''));
  }
  // A "not measured" note spills over the empty cells after it rather than widening its column.
  const widths = header.map((h, i) => Math.max(h.length, ...rows.filter((row) => row[3] !== '').map((row) => row[i]!.length)));
  const leftAligned = new Set([0, 1, 2]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
