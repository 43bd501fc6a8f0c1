// The benchmark's settings from its command line (npm run bench -- …), checked before anything starts.
import { readArgs } from '../cli-args';
import { CliError } from '../d1-local';
import { MODES, type Mode } from './report';

/** The modes' names on the command line (`--modes cached,uncached`), in MODES' order. */
export const MODE_NAMES: Record<string, Mode> = { cached: 'cached', uncached: 'uncached', 'uncached-1conn': 'uncached, 1 conn' };

export interface Settings {
  /** Data-set sizes, each served by its own Byline in the same run. */
  posts: number[];
  rounds: number;
  seconds: number;
  connections: number;
  pages: string[] | null;
  /** The load modes measured, in MODES' order. */
  modes: Mode[];
  reuseData: boolean;
  skipJs: boolean;
}

const OPTIONS = {
  posts: { type: 'string' },
  rounds: { type: 'string' },
  seconds: { type: 'string' },
  connections: { type: 'string' },
  pages: { type: 'string' },
  modes: { type: 'string' },
  'reuse-data': { type: 'boolean' },
  'skip-js': { type: 'boolean' },
} as const;

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} must be a whole number from 1 to ${max}.`);
  return n;
}

function readModes(raw: string | undefined): Mode[] {
  if (raw === undefined) return [...MODES];
  const names = raw.split(',');
  const unknown = names.filter((name) => !Object.hasOwn(MODE_NAMES, name));
  if (unknown.length > 0 || names.length === 0) throw new CliError(`--modes takes ${Object.keys(MODE_NAMES).join(', ')} (comma-separated), not ${unknown.join(', ')}.`);
  return MODES.filter((mode) => names.some((name) => MODE_NAMES[name] === mode));
}

export function readSettings(argv: readonly string[]): Settings {
  const { values } = readArgs(argv, OPTIONS);
  const sizes = (values.posts ?? '1000').split(',').map((raw) => wholeNumber('posts', raw, 1000, 1_000_000));
  if (new Set(sizes).size !== sizes.length || sizes.length > 3) throw new CliError('--posts takes up to 3 different sizes, e.g. 1000,100000.');
  return {
    posts: sizes,
    rounds: wholeNumber('rounds', values.rounds, 3, 20),
    seconds: wholeNumber('seconds', values.seconds, 5, 120),
    connections: wholeNumber('connections', values.connections, 16, 256),
    pages: values.pages?.split(',') ?? null,
    modes: readModes(values.modes),
    reuseData: values['reuse-data'] ?? false,
    skipJs: values['skip-js'] ?? false,
  };
}
