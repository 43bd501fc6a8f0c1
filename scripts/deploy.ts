// npm run deploy: from a fresh clone to a live site on the Cloudflare account of `wrangler login` or
// CLOUDFLARE_API_TOKEN — build, D1/R2/queue created or reused (wrangler's provisioning), migrations, missing
// secrets, the first admin, the site's address. `--dry-run` (npm test, CI) does the offline steps only and
// prints the plan. The steps are in scripts/lib/deploy-steps.ts; decision 060.
import './lib/node-22.mjs';
import { readArgs } from './lib/cli-args';
import { PROJECT_ROOT, runCli } from './lib/d1-local';
import { readDeployConfig, siteUrlWarning } from './lib/deploy-plan';
import { type DeployState, deploySteps, DRY_RUN_OUTDIR, dryRunSteps, planOf, runSteps } from './lib/deploy-steps';
import { drizzleConfig } from './lib/pending-migration';

const USAGE = `Usage: npm run deploy [-- --dry-run]

Deploys Byline to Cloudflare: checks wrangler.toml, builds, signs in (CLOUDFLARE_API_TOKEN, or wrangler
login), creates or reuses the D1 database, the R2 bucket and the queue named in wrangler.toml, applies the
migrations, sets the secrets SESSION_SECRET and PASSWORD_PEPPER when missing, creates the first admin when
there is none and prints the site's address. Running it again changes only what is missing or new.

  --dry-run   build, check the config and the bundle, print the plan; needs no account, sends nothing

The first admin comes from BYLINE_ADMIN_USERNAME, BYLINE_ADMIN_EMAIL, BYLINE_ADMIN_NAME (optional) and
BYLINE_ADMIN_PASSWORD, or is asked for on the terminal; the password is never an argument.
CLOUDFLARE_ACCOUNT_ID picks the account when the login has several.`;

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2), { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, 0, USAGE).values;
  if (args.help) return console.log(USAGE);
  process.chdir(PROJECT_ROOT);
  const config = readDeployConfig('wrangler.toml');
  const state: DeployState = { config, migrationsDir: (await drizzleConfig(PROJECT_ROOT)).out, targets: [], warnings: [] };
  const deploy = deploySteps(config);
  if (!args['dry-run']) {
    console.log(`Deploying the Worker "${config.workerName}":\n${planOf(deploy)}`);
    return runSteps(deploy, state);
  }
  await runSteps(dryRunSteps(config), state);
  const warning = siteUrlWarning(config);
  console.log(`\n✓ Dry run passed (nothing was sent to Cloudflare). \`npm run deploy\` would:\n${planOf(deploy)}`);
  if (warning) console.warn(`\n⚠ ${warning}`);
  console.log(`\nThe bundle wrangler would upload is in ${DRY_RUN_OUTDIR}.`);
}

runCli(main);
