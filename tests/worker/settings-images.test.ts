// The site's logo and icon in PATCH /api/admin/settings: an image uploaded here (`/media/<key>`, as
// POST /api/media answers) or null; anything else is a 422 at its field and changes nothing.
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../contracts/settings';
import type { MediaUploadResponse } from '../../contracts/media';
import { callAs, dbSnapshot } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, json, type TestUser } from './factories';

const GIF = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b]);

async function uploadedImage(who: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([GIF], { type: 'image/gif' }), 'logo.gif');
  const res = await call('/api/media', { method: 'POST', body: form, cookie: who.cookie, ip: who.ip });
  return (await json<MediaUploadResponse>(res, 201)).url;
}

const patch = (admin: TestUser, body: unknown) => callAs(admin, '/api/admin/settings', { method: 'PATCH', json: body });

describe('the logo and the icon', () => {
  it('take an uploaded image, answered by its address, and null takes it away', async () => {
    const admin = await createAdmin();
    const [logo, icon] = await Promise.all([uploadedImage(admin), uploadedImage(admin)]);
    expect(await json<AdminSettings>(await patch(admin, { logo, icon }))).toMatchObject({ logo, icon });
    expect(await json<AdminSettings>(await call('/api/settings'))).toMatchObject({ logo, icon });
    expect(await json<AdminSettings>(await patch(admin, { logo: null }))).toMatchObject({ logo: null, icon });
  });

  it.each([
    ['an https address', 'https://example.com/logo.png'],
    ['a media path that names no key', '/media/../../etc/passwd'],
    ['a media key of another form', '/media/abc.png'],
    ['a page of the site', '/admin/settings'],
    ['not text', 42],
  ])('refuses %s at its field and changes nothing', async (_what, value) => {
    const admin = await createAdmin();
    const before = await dbSnapshot();
    for (const field of ['logo', 'icon']) {
      const err = await expectError(await patch(admin, { [field]: value }), 422, 'validation_failed');
      expect(Object.keys(err.error.fields ?? {})).toEqual([field]);
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});
