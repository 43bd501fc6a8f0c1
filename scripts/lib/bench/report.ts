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

/** `part / whole` as a factor, e.g. "1.15×"; "–" when there is nothing to compare with. */
export function factorOf(part: number, whole: number): string {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return '–';
  return `${(part / whole).toFixed(2)}×`;
}

/** Three significant figures at most for small numbers, whole numbers from 100 up. */
const number = (n: number): string => (!Number.isFinite(n) ? '–' : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** A sample's req/s, p50, p99 and errors as printed. */
const figures = (s: Sample): string[] => [number(s.requestsPerSecond), number(s.p50), number(s.p99), String(s.errors)];

/** "vs hello" of a row: none for one connection, which hello (16 connections) is not measured with. */
const vsHelloOf = (mode: Mode, s: Sample, hello: Sample): string => (mode === 'uncached, 1 conn' ? '' : percentOf(s.requestsPerSecond, hello.requestsPerSecond));

/** The load modes measured against Byline, in the order they are printed. */
export const MODES = ['cached', 'uncached', 'uncached, 1 conn'] as const;
export type Mode = (typeof MODES)[number];

/** One page at one data-set size: a sample per mode measured (`--modes`), or why it was not measured. */
export type SizeResult = { posts: number; path: string; samples: Partial<Record<Mode, Sample>> } | { posts: number; path: string; skipped: string };

export interface PageResult {
  label: string;
  sizes: SizeResult[];
  /** The hello Worker under the same load (connections of the first two modes), same rounds. */
  hello: Sample;
  /** The same-bytes stand-in (decision 076) in each mode measured, same rounds; absent when it was not measured. */
  sameBytes?: Partial<Record<Mode, Sample>>;
}

/**
 * A plain-text table: per page, one row per data-set size and mode, a "same bytes" row per mode, then hello's
 * row ("same bytes" in the path column: it answers Byline's bytes for that path). "vs hello" is req/s as a share of hello's (not for one connection: hello has 16); "vs same bytes" is
 * Byline's req/s as a share of the same-bytes stand-in's in the same mode; "p50 vs N" is the p50 as a factor
 * of the same mode at the first size.
 */
export function formatTable(results: readonly PageResult[]): string {
  const base = results[0]?.sizes[0]?.posts;
  const header = ['page', 'posts', 'path', 'mode', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs hello', 'vs same bytes', `p50 vs ${base ?? '–'}`];
  const rows: string[][] = [];
  for (const r of results) {
    const first = r.sizes[0];
    let label = r.label;
    for (const size of r.sizes) {
      if ('skipped' in size) {
        rows.push([label, String(size.posts), size.path, `not measured: ${size.skipped}`, '', '', '', '', '', '', '']);
        label = '';
        continue;
      }
      let path = size.path;
      for (const mode of MODES) {
        const s = size.samples[mode];
        if (s === undefined) continue;
        const vsSameBytes = r.sameBytes === undefined ? '' : percentOf(s.requestsPerSecond, r.sameBytes[mode]?.requestsPerSecond ?? Number.NaN);
        const vsBase = size === first || first === undefined || 'skipped' in first ? '' : factorOf(s.p50, first.samples[mode]?.p50 ?? Number.NaN);
        rows.push([label, String(size.posts), path, mode, ...figures(s), vsHelloOf(mode, s, r.hello), vsSameBytes, vsBase]);
        label = '';
        path = '';
      }
    }
    let standIn = 'same bytes';
    for (const mode of MODES) {
      const s = r.sameBytes?.[mode];
      if (s === undefined) continue;
      rows.push([label, '', standIn, mode, ...figures(s), vsHelloOf(mode, s, r.hello), '', '']);
      label = '';
      standIn = '';
    }
    rows.push([label, '', '', 'hello', ...figures(r.hello), '', '', '']);
  }
  // A "not measured" note spills over the empty cells after it rather than widening its column.
  const widths = header.map((h, i) => Math.max(h.length, ...rows.filter((row) => row[4] !== '').map((row) => row[i]!.length)));
  const leftAligned = new Set([0, 2, 3]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
