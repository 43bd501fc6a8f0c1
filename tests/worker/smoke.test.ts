import { env, SELF } from 'cloudflare:test';
import { expect, it } from 'vitest';
it('smoke', async () => {
  const r = await SELF.fetch('https://byline.test/api/verify');
  expect(r.status).toBe(401);
  const t = await env.DB.prepare('select count(*) as n from users').first();
  expect(t).toBeTruthy();
});
