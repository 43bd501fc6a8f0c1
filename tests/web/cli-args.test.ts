// The scripts' command lines (issue 20, item 17): node:util parseArgs through scripts/lib/cli-args.ts,
// and the benchmark's settings read that way.
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../scripts/lib/bench/settings';
import { readArgs } from '../../scripts/lib/cli-args';
import { CliError } from '../../scripts/lib/d1-local';

const OPTIONS = { 'persist-to': { type: 'string' }, remote: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

describe('readArgs (node:util parseArgs, strict)', () => {
  it('reads --name VALUE, --name=VALUE, flags and short aliases; a lone -- is ignored', () => {
    expect(readArgs(['--persist-to', 'dir', '--remote'], OPTIONS).values).toEqual({ 'persist-to': 'dir', remote: true });
    expect(readArgs(['--', '--persist-to=dir'], OPTIONS).values).toEqual({ 'persist-to': 'dir' });
    expect(readArgs(['-h'], OPTIONS).values).toEqual({ help: true });
    expect(readArgs(['12'], {}, 1).positionals).toEqual(['12']);
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--persist-to'], /argument missing/],
    [['--remote=yes'], /does not take an argument/],
    [['stray'], /Unexpected argument 'stray'/],
    [['--persist-to', '--remote'], /ambiguous/],
  ])('refuses %j with a CliError for the person running the script', (argv, message) => {
    expect(() => readArgs(argv, OPTIONS)).toThrow(CliError);
    expect(() => readArgs(argv, OPTIONS)).toThrow(message);
  });

  it('refuses more words than the script takes', () => {
    expect(() => readArgs(['1', '2'], {}, 1)).toThrow('Unexpected argument "2".');
  });

  it('ends a refusal with the script\'s usage when it gives one (import and admin:create read their arguments here too)', () => {
    const usage = 'Usage: npm run x -- FILE';
    expect(() => readArgs(['--nope'], OPTIONS, 1, usage)).toThrow(/Unknown option '--nope'[^]*\n\nUsage: npm run x -- FILE$/);
    expect(() => readArgs(['a', 'b'], OPTIONS, 1, usage)).toThrow('Unexpected argument "b".\n\nUsage: npm run x -- FILE');
    expect(readArgs(['a', '--remote'], OPTIONS, 1, usage)).toMatchObject({ values: { remote: true }, positionals: ['a'] });
  });
});

describe('the benchmark settings', () => {
  it('defaults, then every option', () => {
    const allModes = ['cached', 'uncached', 'uncached, 1 conn'];
    expect(readSettings([])).toEqual({ posts: [1000], rounds: 3, seconds: 5, connections: 16, pages: null, modes: allModes, reuseData: false, skipJs: false });
    expect(
      readSettings(['--posts=1000,100000', '--rounds', '2', '--seconds', '9', '--connections', '4', '--pages', 'home,post', '--reuse-data', '--skip-js']),
    ).toEqual({ posts: [1000, 100000], rounds: 2, seconds: 9, connections: 4, pages: ['home', 'post'], modes: allModes, reuseData: true, skipJs: true });
  });

  it('measures only the modes --modes names, in the table order', () => {
    expect(readSettings(['--modes', 'uncached,cached']).modes).toEqual(['cached', 'uncached']);
    expect(readSettings(['--modes=uncached-1conn']).modes).toEqual(['uncached, 1 conn']);
  });

  it.each([
    [['--rounds', '0'], '--rounds must be a whole number from 1 to 20.'],
    [['--posts', '10,10'], '--posts takes up to 3 different sizes'],
    [['--skip-js=1'], "Option '--skip-js' does not take an argument"],
    [['--post', '10'], "Unknown option '--post'"],
    [['--modes', 'cached,warm'], '--modes takes cached, uncached, uncached-1conn (comma-separated), not warm.'],
    [['--modes', 'toString'], '--modes takes'],
  ])('refuses %j', (argv, message) => {
    expect(() => readSettings(argv)).toThrow(message);
  });
});
