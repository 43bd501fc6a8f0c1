// Helpers for the signup tests (registration policy, honeypot, Turnstile, device verification): the site's
// settings changed as an admin changes them, users of any role, and forms posted as a browser without the script.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { SettingsPatch } from '../../contracts/settings';
import type { Role } from '../../contracts/roles';
import { callAs } from './admin-kit';
import { createAdmin, createUser, type TestUser } from './factories';
import { call, ORIGIN } from './helpers';

const URLENCODED = 'application/x-www-form-urlencoded';

/** Changes the settings through PATCH /api/admin/settings, as an admin does. */
export async function setSettings(patch: SettingsPatch): Promise<void> {
  const res = await callAs(await createAdmin(), '/api/admin/settings', { method: 'PATCH', json: patch });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A user of any role (factories.ts makes admins and authors; the role is set after). */
export async function createUserWithRole(role: Role): Promise<TestUser> {
  const user = await createUser();
  await env.DB.prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, user.id).run();
  return { ...user, role: role as TestUser['role'] };
}

/** A form post as a browser without the script sends it. */
export function postForm(action: string, fields: Record<string, string>, opts: { cookie?: string; ip?: string } = {}): Promise<Response> {
  return call(action, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': URLENCODED, origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
  });
}

export async function userCount(): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())!.n;
}

export async function sessionRows(): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM sessions').first<{ n: number }>())!.n;
}
