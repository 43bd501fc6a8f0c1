// Command-line arguments through node:util's parseArgs, strict: an unknown option, a missing value, a value
// given to a flag or a stray word is refused with a message for the person running the script (CliError).
// Every script reads its command line here.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './d1-local';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/**
 * `--name VALUE`, `--name=VALUE`, `--flag`, `-h` as `options` declares them; `positionals` words allowed
 * after them. A refusal ends with the script's `usage` when it gives one.
 */
export function readArgs<const O extends OptionsConfig>(argv: readonly string[], options: O, positionals = 0, usage?: string) {
  const refuse = (message: string) => new CliError(usage === undefined ? message : `${message}\n\n${usage}`);
  let parsed;
  try {
    // npm passes a lone `--` through in some setups; it separates nothing here.
    parsed = parseArgs({ args: argv.filter((a) => a !== '--'), options, strict: true, allowPositionals: positionals > 0 });
  } catch (err) {
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) throw refuse(err.message);
    throw err;
  }
  if (parsed.positionals.length > positionals) throw refuse(`Unexpected argument "${parsed.positionals[positionals]}".`);
  return parsed;
}
