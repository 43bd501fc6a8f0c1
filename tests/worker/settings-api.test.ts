// /api/settings (the public part, cached for visitors) and /api/admin/settings (all of it, admin only):
// the seeded defaults, every field's rule with the §5 error shape and nothing changed, and a PATCH seen
// at once by the next visitor read.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminSettings, PublicSettings } from '../../contracts/settings';
import { callAs, dbSnapshot } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, createCategory, createUser, json, uid } from './factories';

const patch = (who: Parameters<typeof callAs>[0], body: unknown) => callAs(who, '/api/admin/settings', { method: 'PATCH', json: body });

describe('settings: the seeded defaults', () => {
  it('GET /api/settings answers the public part of the defaults of migration 0015 (the default category too: every author’s editor starts in it), without the admin-only fields', async () => {
    const res = await call('/api/settings');
    const body = await json<PublicSettings>(res);
    expect(body).toEqual({
      title: 'Byline',
      tagline: 'Stories, ideas and guides from our authors.',
      description: 'Byline — stories, ideas and guides from our authors.',
      logo: null,
      logoWidth: null,
      logoHeight: null,
      icon: null,
      accentColor: '#2563eb',
      language: 'en',
      timeZone: 'UTC',
      postsPerPage: 12,
      footer: '',
      socialLinks: [],
      registration: 'open',
      comments: true,
      defaultCategory: null,
    });
  });

  it('GET /api/admin/settings adds feedFullText and deviceVerification', async () => {
    const admin = await createAdmin();
    const body = await json<AdminSettings>(await callAs(admin, '/api/admin/settings'));
    expect(body).toMatchObject({ defaultCategory: null, feedFullText: true, deviceVerification: 'risk', registration: 'open' });
  });
});

describe('settings: who may read and change them', () => {
  it('a visitor gets 401 and a non-admin 403 on GET and PATCH; nothing changes', async () => {
    const user = await createUser();
    const before = await dbSnapshot();
    await expectError(await callAs(null, '/api/admin/settings'), 401, 'unauthenticated');
    await expectError(await patch(null, { title: 'Hijacked' }), 401, 'unauthenticated');
    await expectError(await callAs(user, '/api/admin/settings'), 403, 'forbidden');
    await expectError(await patch(user, { title: 'Hijacked' }), 403, 'forbidden');
    const after = await dbSnapshot();
    expect(after.settings).toBe(before.settings);
  });
});

describe('PATCH /api/admin/settings: the rules', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['an empty title', { title: '  ' }, 'title'],
    ['a title over 80 characters', { title: 'x'.repeat(81) }, 'title'],
    ['a title of two lines', { title: 'a\nb' }, 'title'],
    ['a tagline over 160 characters', { tagline: 'x'.repeat(161) }, 'tagline'],
    ['a description over 300 characters', { description: 'x'.repeat(301) }, 'description'],
    ['an accent colour that is not hex', { accentColor: 'blue' }, 'accentColor'],
    ['an accent colour of 5 hex digits', { accentColor: '#12345' }, 'accentColor'],
    ['a language that is not BCP 47', { language: 'not a language' }, 'language'],
    ['an empty language', { language: '' }, 'language'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['0 posts per page', { postsPerPage: 0 }, 'postsPerPage'],
    ['51 posts per page', { postsPerPage: 51 }, 'postsPerPage'],
    ['a fraction of posts per page', { postsPerPage: 2.5 }, 'postsPerPage'],
    ['posts per page as text', { postsPerPage: '12' }, 'postsPerPage'],
    ['a footer of two lines', { footer: 'one\ntwo' }, 'footer'],
    ['an http social link', { socialLinks: ['http://example.com/me'] }, 'socialLinks.0'],
    ['a social link that is no URL', { socialLinks: ['https://ok.example', 'nope'] }, 'socialLinks.1'],
    ['social links not a list', { socialLinks: 'https://example.com' }, 'socialLinks'],
    ['an unknown registration policy', { registration: 'everyone' }, 'registration'],
    ['an unknown device verification policy', { deviceVerification: 'never' }, 'deviceVerification'],
    ['feedFullText not a boolean', { feedFullText: 'yes' }, 'feedFullText'],
    ['an unknown field', { theme: 'dark' }, 'theme'],
  ];
  for (const [what, body, field] of refused) {
    it(`refuses ${what}: 422 fields.${field}, nothing changes`, async () => {
      const admin = await createAdmin();
      const before = await dbSnapshot();
      const err = await expectError(await patch(admin, { tagline: 'changed', ...body }), 422, 'validation_failed');
      expect(Object.keys(err.error.fields ?? {})).toEqual([field]);
      expect((await dbSnapshot()).settings).toBe(before.settings);
    });
  }

  it('refuses an unknown default category: 422 fields.defaultCategory, nothing changes', async () => {
    const admin = await createAdmin();
    const before = await dbSnapshot();
    const err = await expectError(await patch(admin, { title: 'Changed', defaultCategory: `none-${uid()}` }), 422, 'validation_failed');
    expect(Object.keys(err.error.fields ?? {})).toEqual(['defaultCategory']);
    expect((await dbSnapshot()).settings).toBe(before.settings);
  });

  it('refuses a body that is not JSON: 400, nothing changes', async () => {
    const admin = await createAdmin();
    const before = await dbSnapshot();
    const res = await callAs(admin, '/api/admin/settings', { method: 'PATCH', body: '{"title":', headers: { 'content-type': 'application/json' } });
    await expectError(res, 400, 'bad_request');
    expect((await dbSnapshot()).settings).toBe(before.settings);
  });

  it('accepts every field at its limit and answers them; the accent is lower-cased, the language canonical', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const change = {
      title: 'T'.repeat(80),
      tagline: 'g'.repeat(160),
      description: 'd'.repeat(300),
      accentColor: '#ABCDEF80',
      language: 'pt-br',
      timeZone: 'Europe/Berlin',
      postsPerPage: 50,
      footer: '© *Us*',
      socialLinks: ['https://social.example/@us'],
      registration: 'invite',
      deviceVerification: 'always',
      defaultCategory: category.slug,
      feedFullText: false,
      comments: false,
    };
    const body = await json<AdminSettings>(await patch(admin, change));
    expect(body).toEqual({ ...change, accentColor: '#abcdef80', language: 'pt-BR', logo: null, logoWidth: null, logoHeight: null, icon: null });
    expect(await json<AdminSettings>(await callAs(admin, '/api/admin/settings'))).toEqual(body);
    for (const accentColor of ['#fff', '#ffff', '#123456']) {
      expect((await json<AdminSettings>(await patch(admin, { accentColor }))).accentColor).toBe(accentColor);
    }
    expect((await json<AdminSettings>(await patch(admin, { postsPerPage: 1, defaultCategory: null }))).defaultCategory).toBeNull();
  });

  it('a deleted default category becomes none', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    await patch(admin, { defaultCategory: category.slug });
    await env.DB.prepare('DELETE FROM categories WHERE slug = ?').bind(category.slug).run();
    expect((await json<AdminSettings>(await callAs(admin, '/api/admin/settings'))).defaultCategory).toBeNull();
  });
});

describe('settings: fresh after a change', () => {
  it('GET /api/settings is cached for visitors and shows a PATCH on the very next read', async () => {
    const admin = await createAdmin();
    await call('/api/settings');
    const cached = await call('/api/settings');
    expect(cached.headers.get('x-cache')).toBe('HIT');
    const title = `Renamed ${uid()}`;
    await json(await patch(admin, { title }));
    const next = await call('/api/settings');
    expect((await json<PublicSettings>(next)).title).toBe(title);
  });

});
