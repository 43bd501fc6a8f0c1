// The benchmark's pure number helpers (scripts/lib/bench/report.ts): how rounds combine, ratios, the table.
import { describe, expect, it } from 'vitest';
import { combineRounds, factorOf, formatTable, median, percentOf } from '../../scripts/lib/bench/report';

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

  it('gives a factor to two decimals, or a dash', () => {
    expect(factorOf(23, 20)).toBe('1.15×');
    expect(factorOf(5, 0)).toBe('–');
  });

  it('prints per page a row per size and mode, the same-bytes rows and share, hello last, the factor to the first size, and a note for a size not measured', () => {
    const samples = (cached: number, p50: number) => ({ cached: sample(cached), uncached: sample(80, p50), 'uncached, 1 conn': sample(40, p50 / 2) });
    const table = formatTable([
      {
        label: 'home',
        sizes: [
          { posts: 1000, path: '/', samples: samples(800, 20) },
          { posts: 100000, path: '/', samples: samples(700, 24) },
        ],
        hello: sample(1600),
        sameBytes: { cached: sample(1000, 8), uncached: sample(400, 9), 'uncached, 1 conn': sample(160, 3) },
      },
      { label: 'search', sizes: [{ posts: 1000, path: '/search?q=x', skipped: 'no answer within 30 s' }], hello: sample(1500) },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^page\s+posts\s+path\s+mode\s+req\/s\s+p50 ms\s+p99 ms\s+errors\s+vs hello\s+vs same bytes\s+p50 vs 1000$/);
    expect(lines[2]).toMatch(/^home\s+1000\s+\/\s+cached\s+800\s+10\.0\s+20\.0\s+0\s+50%\s+80%$/);
    expect(lines[3]).toMatch(/^\s+1000\s+uncached\s+80\.0\s+20\.0\s+.*5\.0%\s+20%$/);
    expect(lines[4]).toMatch(/^\s+1000\s+uncached, 1 conn\s+40\.0\s+10\.0\s+20\.0\s+0\s+25%$/);
    expect(lines[5]).toMatch(/^\s+100000\s+\/\s+cached\s+700\s+.*44%\s+70%\s+1\.00×$/);
    expect(lines[6]).toMatch(/^\s+100000\s+uncached\s+80\.0\s+24\.0\s+.*1\.20×$/);
    expect(lines[8]).toMatch(/^\s+same bytes\s+cached\s+1000\s+8\.0\s+20\.0\s+0\s+63%$/);
    expect(lines[9]).toMatch(/^\s+uncached\s+400\s+9\.0\s+20\.0\s+0\s+25%$/);
    expect(lines[10]).toMatch(/^\s+uncached, 1 conn\s+160\s+3\.0\s+20\.0\s+0$/);
    expect(lines[11]).toMatch(/^\s+hello\s+1600\s/);
    expect(lines[12]).toMatch(/^search\s+1000\s+\/search\?q=x\s+not measured: no answer within 30 s$/);
    expect(lines[13]).toMatch(/^\s+hello\s+1500\s/);
  });
});
