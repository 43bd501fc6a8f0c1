// Runs a command with inherited output and stops the script, loudly, when it fails.
import { spawnSync } from 'node:child_process';

export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Local D1 commands against the source config (the built config points migrations elsewhere). */
export const d1Local = (persistTo, ...args) => [
  'wrangler', 'd1', ...args, 'DB', '--local', '--config', 'wrangler.toml', '--persist-to', persistTo,
];
