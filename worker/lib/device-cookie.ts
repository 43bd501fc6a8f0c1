// The device cookie (decision 026): a long-lived, signed, HttpOnly cookie naming the accounts that have signed in
// from this browser, each with its own expiry. While an account is under attack, a login from a browser it names
// goes ahead as usual; any other browser must confirm with a mailed code. It only ever spares that code: it is
// never a session (no session is found or made from it) and the password is still checked.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { readSignedCookie, writeSignedCookie } from './session-cookie';

const DEVICE_COOKIE_NAME = 'byline_device';
/** A year; browsers keep a cookie at most 400 days. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts one browser is remembered for; signing in to one more forgets the longest unused. */
const MAX_ACCOUNTS = 10;
// `dev1` then `.<user id>-<expiry in seconds>` per account; Hono adds `.<signature>`.
const VERSION = 'dev1';
const ENTRY = /^(\d{1,15})-(\d{1,15})$/;

interface DeviceEntry {
  userId: number;
  expiresAt: number;
}

// Its own key: a session cookie's signature never passes as a device cookie's, nor the reverse.
const deviceSecret = (c: Context<AppEnv>) => `${c.env.SESSION_SECRET}\u0000device-cookie`;

/** The unexpired accounts the browser's device cookie names; none when it is absent, malformed or badly signed. */
async function readDeviceEntries(c: Context<AppEnv>, now: number): Promise<DeviceEntry[]> {
  const value = await readSignedCookie(c, deviceSecret(c), DEVICE_COOKIE_NAME);
  if (value === null) return [];
  const [version, ...entries] = value.split('.');
  if (version !== VERSION) return [];
  return entries.flatMap((entry) => {
    const m = ENTRY.exec(entry);
    const userId = Number(m?.[1]);
    const expiresAt = Number(m?.[2]) * 1000;
    return m && expiresAt > now ? [{ userId, expiresAt }] : [];
  });
}

/** Whether this browser has signed in to the account before (and that was less than a year ago). */
export async function isKnownDevice(c: Context<AppEnv>, userId: number, now = Date.now()): Promise<boolean> {
  return (await readDeviceEntries(c, now)).some((e) => e.userId === userId);
}

/** Adds (or renews) the account in the browser's device cookie, keeping the other accounts it names. */
export async function rememberDevice(c: Context<AppEnv>, userId: number, now = Date.now()): Promise<void> {
  const kept = (await readDeviceEntries(c, now)).filter((e) => e.userId !== userId);
  const entries = [...kept, { userId, expiresAt: now + DEVICE_TTL_MS }].slice(-MAX_ACCOUNTS);
  const value = [VERSION, ...entries.map((e) => `${e.userId}-${Math.floor(e.expiresAt / 1000)}`)].join('.');
  await writeSignedCookie(c, DEVICE_COOKIE_NAME, value, deviceSecret(c), DEVICE_TTL_MS);
}
