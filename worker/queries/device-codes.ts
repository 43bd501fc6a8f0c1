// Data access for new-device codes (decision 026): one pending code per account, kept as an HMAC; every try
// uses one of its tries before it is compared, and a right code is claimed by deleting it, so two tries of
// one code can never both sign in.
import { and, eq, gt, sql } from 'drizzle-orm';
import { deviceCodes } from '../db/schema';
import type { Db } from '../env';
import { equalInConstantTime } from '../lib/password';

/**
 * Stores the account's code (replacing any older one) when `store` is true, and does the same work when it is
 * not: the one statement runs either way, inserting nothing then — so a login under attack costs the same
 * whether its password was right (a code is mailed) or not. `userId` 0 names nobody.
 */
export async function storeDeviceCodeIf(
  db: Db,
  store: boolean,
  input: { userId: number; codeHash: string; now: number; ttlMs: number; tries: number },
): Promise<void> {
  await db.run(sql`
    INSERT INTO ${deviceCodes} (user_id, code_hash, expires_at, tries_left, created_at)
    SELECT ${input.userId}, ${input.codeHash}, ${input.now + input.ttlMs}, ${input.tries}, ${input.now} WHERE ${store ? 1 : 0} = 1
    ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at,
      tries_left = excluded.tries_left, created_at = excluded.created_at`);
}

/** Uses one try of the account's live code: true (and the code is gone) when `codeHash` is its hash. */
export async function useDeviceCode(db: Db, input: { userId: number; codeHash: string; now: number }): Promise<boolean> {
  const [live] = await db
    .update(deviceCodes)
    .set({ triesLeft: sql`${deviceCodes.triesLeft} - 1` })
    .where(and(eq(deviceCodes.userId, input.userId), gt(deviceCodes.expiresAt, new Date(input.now)), gt(deviceCodes.triesLeft, 0)))
    .returning({ codeHash: deviceCodes.codeHash });
  const enc = new TextEncoder();
  if (!live || !equalInConstantTime(enc.encode(live.codeHash), enc.encode(input.codeHash))) return false;
  const claimed = await db
    .delete(deviceCodes)
    .where(and(eq(deviceCodes.userId, input.userId), eq(deviceCodes.codeHash, live.codeHash)))
    .returning({ userId: deviceCodes.userId });
  return claimed.length > 0;
}
