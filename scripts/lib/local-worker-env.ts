// The local D1 and secrets exactly as `wrangler dev --persist-to DIR` gives them to the Worker, through
// wrangler's getPlatformProxy, so scripts write with the Worker's own query functions instead of SQL text.
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { createDb } from '../../worker/db/client';
import type { Db } from '../../worker/env';
import type { copyImage } from '../../worker/services/import-images';
import { CliError, PROJECT_ROOT, withMigrationHint } from './d1-local';

interface LocalWorkerEnv {
  db: Db;
  /** PASSWORD_PEPPER from .dev.vars: the pepper the local Worker verifies passwords with. */
  pepper: string;
  /** The MEDIA bucket (R2) as `wrangler dev --persist-to DIR` keeps it. */
  media: ProxiedBindings['MEDIA'];
}

type ProxiedBindings = { DB: Parameters<typeof createDb>[0]; PASSWORD_PEPPER?: string; MEDIA: Parameters<typeof copyImage>[1] };

/** Runs `fn` with the local database of `persistTo`, then stops the proxy (its workerd) whatever happens. */
export async function withLocalWorkerEnv<T>(persistTo: string, fn: (env: LocalWorkerEnv) => Promise<T>): Promise<T> {
  const proxy = await getPlatformProxy<ProxiedBindings>({
    configPath: path.join(PROJECT_ROOT, 'wrangler.toml'),
    // `wrangler dev --persist-to DIR` keeps its data under DIR/v3; the proxy takes that inner folder.
    persist: { path: path.join(persistTo, 'v3') },
    remoteBindings: false,
  });
  try {
    const pepper = proxy.env.PASSWORD_PEPPER;
    if (!pepper) {
      throw new CliError(
        `PASSWORD_PEPPER is missing or empty in ${path.join(PROJECT_ROOT, '.dev.vars')}. ` +
          'Add a line PASSWORD_PEPPER=<long random value> (npm start creates the file with random secrets).',
      );
    }
    return await fn({ db: createDb(proxy.env.DB), pepper, media: proxy.env.MEDIA });
  } catch (err) {
    throw withMigrationHint(err, { kind: 'local', persistTo });
  } finally {
    await proxy.dispose();
  }
}
