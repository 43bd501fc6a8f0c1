// The one image upload (cover, avatar, body images): size checked before sending, POST /api/media as
// multipart `file`, and a clear message for 413, 415 and 422.
import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../web/lib/api-client';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, useImageUpload } from '../../web/lib/use-image-upload';
import { MAX_IMAGE_BYTES } from '../../web/lib/upload-image';
import { fakeFetch, type Scripted } from './fake-fetch';
import { renderHook, run } from './render-hook';

async function setup(...script: Scripted[]) {
  const net = fakeFetch(...script);
  const api = createApiClients({ fetch: net.fetch, navigate: () => undefined });
  const hook = await renderHook(() => useImageUpload(api.private));
  return { ...hook, net };
}

const png = (size = 10) => new File([new Uint8Array(size)], 'pic.png', { type: 'image/png' });
const failure = (status: number, code: string, fields?: Record<string, string>) => ({ status, json: { error: { code, message: `server ${status}`, fields } } });

describe('useImageUpload', () => {
  it('uploads the file as multipart `file` and answers its URL', async () => {
    const { result, net } = await setup({ status: 201, json: { url: '/media/abc.png' } });
    await expect(run(() => result.current.upload(png()))).resolves.toBe('/media/abc.png');
    expect(net.calls[0]).toMatchObject({ url: '/api/media', init: { method: 'POST' } });
    expect((net.calls[0]!.init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(result.current.error).toBeNull();
    expect(result.current.uploading).toBe(false);
  });

  it('refuses a file over the image limit (20 MB) without sending it', async () => {
    const { result, net } = await setup(201);
    await expect(run(() => result.current.upload(png(MAX_IMAGE_BYTES + 1)))).resolves.toBeNull();
    expect(result.current.error).toBe(IMAGE_TOO_LARGE);
    expect(net.calls).toHaveLength(0);
  });

  it.each([
    [failure(413, 'payload_too_large'), IMAGE_TOO_LARGE],
    [failure(415, 'bad_request'), NOT_AN_IMAGE],
    [failure(422, 'validation_failed', { file: 'The file is not an image' }), 'The file is not an image'],
    [failure(422, 'validation_failed'), NOT_AN_IMAGE],
  ])('explains a refused upload (%#)', async (answer, message) => {
    const { result } = await setup(answer);
    await expect(run(() => result.current.upload(png()))).resolves.toBeNull();
    expect(result.current.error).toBe(message);
    await run(() => result.current.clearError());
    expect(result.current.error).toBeNull();
  });
});
