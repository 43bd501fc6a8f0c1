// The benchmark's settings from its command line (npm run bench -- …), checked before anything starts.
import { readArgs } from '../cli-args';
import { CliError } from '../d1-local';

export interface Settings {
  /** Data-set sizes, each served by its own Byline in the same run. */
  posts: number[];
  rounds: number;
  seconds: number;
  connections: number;
  pages: string[] | null;
  reuseData: boolean;
  skipJs: boolean;
}

const OPTIONS = {
  posts: { type: 'string' },
  rounds: { type: 'string' },
  seconds: { type: 'string' },
  connections: { type: 'string' },
  pages: { type: 'string' },
  'reuse-data': { type: 'boolean' },
  'skip-js': { type: 'boolean' },
} as const;

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} must be a whole number from 1 to ${max}.`);
  return n;
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
    reuseData: values['reuse-data'] ?? false,
    skipJs: values['skip-js'] ?? false,
  };
}
