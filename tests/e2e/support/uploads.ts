// An image uploaded by an account through the API, as the media library's and the cover's tests need one.
import { expect } from 'vitest';
import { solidPng } from '../../worker/png-kit';
import { baseURL } from './browser';
import { sessionCookie, type Account } from './own-data';

/** A 4×3 PNG of `colour` uploaded as `who`; its `/media/…` URL. */
export async function uploadAs(who: Account, colour: [number, number, number, number]): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([(await solidPng(4, 3, colour)) as BlobPart], { type: 'image/png' }), 'i.png');
  const res = await fetch(`${baseURL()}/api/media`, { method: 'POST', body: form, headers: { cookie: await sessionCookie(who), origin: baseURL() } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}
