// The honeypot (product.md §19; issue 23 item 2): a registration that fills the field `website` gets what a
// real one gets — 201 with the user and a session cookie, or the form post's 303 — but the cookie names no
// session and nothing is made. An empty `website` (what people send) registers as always.
import { describe, expect, it } from 'vitest';
import { json } from './factories';
import { call, findUser, newAccount, sessionCookieFrom, usersMatching, verify } from './helpers';
import { postForm, sessionRows, userCount } from './signup-kit';

describe('the register honeypot', () => {
  it('filled (JSON): the same 201 and cookies as a real registration, a session that does not work, nothing made', async () => {
    const [before, sessionsBefore] = [await userCount(), await sessionRows()];
    const bot = newAccount();
    const trapped = await call('/api/auth/register', { json: { ...bot, website: 'https://spam.example' } });
    const real = await call('/api/auth/register', { json: { ...newAccount(), website: '' } });

    expect(trapped.status).toBe(201);
    expect(await json(trapped, 201)).toEqual({ user: { username: bot.username, name: bot.name, bio: '', image: null, role: 1 } });
    const names = (res: Response) => res.headers.getSetCookie().map((l) => l.split('=')[0]);
    expect(names(trapped)).toEqual(names(real));
    expect(names(trapped)).toEqual(['__Host-byline_session', 'byline_signed_in', '__Host-byline_device']);
    expect((await verify(sessionCookieFrom(trapped))).status).toBe(401);

    expect(await usersMatching(bot)).toBe(0);
    expect(await userCount()).toBe(before + 1); // the real one only
    expect(await sessionRows()).toBe(sessionsBefore + 1);
  });

  it('filled (form post before hydration): the same 303 as a real one, nothing made', async () => {
    const bot = newAccount();
    const res = await postForm('/api/auth/register?form=register', { ...bot, website: 'x' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(await findUser(bot.username)).toBeNull();
  });

  it('empty, as people send it: registered as always', async () => {
    const person = newAccount();
    const res = await postForm('/api/auth/register?form=register', { ...person, website: '' });
    expect(res.status).toBe(303);
    expect(await findUser(person.username)).not.toBeNull();
  });
});
