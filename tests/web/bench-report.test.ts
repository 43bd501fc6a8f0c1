// The benchmark's pure number helpers (scripts/lib/bench/report.ts): how rounds combine, ratios, the table.
import { describe, expect, it } from 'vitest';
import { combineRounds, formatTable, median, percentOf } from '../../scripts/lib/bench/report';

const sample = (requestsPerSecond: number, p50 = 10, p99 = 20, errors = 0) => ({ requestsPerSecond, p50, p99, errors });

describe('bench report', () => {
  it('takes the median of each figure over the rounds and sums the errors', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(combineRounds([sample(100, 5, 50, 1), sample(300, 7, 90, 0), sample(200, 6, 70, 2)])).toEqual(sample(200, 6, 70, 3));
  });

  it('gives a ratio as a percentage, or a dash when there is nothing to compare with', () => {
    expect(percentOf(78, 1717)).toBe('4.5%');
    expect(percentOf(900, 1000)).toBe('90%');
    expect(percentOf(5, 0)).toBe('–');
    expect(percentOf(Number.NaN, 10)).toBe('–');
  });

  it('prints one row per mode, hello last, and a note for a page not measured', () => {
    const table = formatTable([
      { label: 'home', path: '/', cached: sample(800), uncached: sample(80), hello: sample(1600) },
      { label: 'search', path: '/search?q=x', skipped: 'no answer within 30 s' },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^page\s+path\s+mode\s+req\/s\s+p50 ms\s+p99 ms\s+errors\s+vs hello$/);
    expect(lines[2]).toMatch(/^home\s+\/\s+cached\s+800\s+10\.0\s+20\.0\s+0\s+50%$/);
    expect(lines[3]).toMatch(/^\s+uncached\s+80\.0\s+.*5\.0%$/);
    expect(lines[4]).toMatch(/^\s+hello\s+1600\s/);
    expect(lines[5]).toMatch(/^search\s+\/search\?q=x\s+not measured: no answer within 30 s$/);
  });
});
