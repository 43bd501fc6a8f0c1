// Every link in a mail is built from SITE_URL (product.md §11, security.md rule 7), never from the request's
// Host or X-Forwarded-* headers; without a valid SITE_URL no mail is written or sent, and the refusal is logged.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { siteAddress } from '../../worker/lib/site-address';
import { createUser } from './factories';
import { call, uniqueIp } from './helpers';
import { linkIn, mailsTo } from './mail-outbox';

describe('mailed links come from SITE_URL', () => {
  it('a reset requested with Host: evil.example (and forged X-Forwarded-*) mails a link on SITE_URL', async () => {
    const user = await createUser();
    // The URL a Worker sees carries the Host header; the origin check passes, as it would for a forged request.
    const res = await call('/api/auth/password-reset', {
      json: { email: user.email },
      origin: 'http://evil.example',
      headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(202);
    const [mail] = await mailsTo(user.email);
    const link = linkIn(mail!, '/reset-password');
    expect(link.origin).toBe('https://byline.test');
    expect(link.origin).toBe(env.SITE_URL);
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).not.toContain('evil.example');
  });

  it('SITE_URL must be an origin alone, over https (http only for localhost)', () => {
    expect(siteAddress('https://blog.example.com')).toMatchObject({ home: 'https://blog.example.com/' });
    expect(siteAddress(' https://blog.example.com/ ')).toMatchObject({ home: 'https://blog.example.com/' });
    expect(siteAddress('http://localhost:8787')).toMatchObject({ home: 'http://localhost:8787/' });
    const site = siteAddress('https://blog.example.com');
    expect('link' in site && site.link('/reset-password?token=pwr_x')).toBe('https://blog.example.com/reset-password?token=pwr_x');
    for (const bad of [undefined, '', '   ', 'blog.example.com', 'http://blog.example.com', 'ftp://blog.example.com', 'https://blog.example.com/blog', 'https://a:b@blog.example.com', 'https://blog.example.com/?x=1', 'javascript:alert(1)']) {
      expect(siteAddress(bad), String(bad)).toHaveProperty('problem');
    }
  });

  it('without a valid SITE_URL no mail is sent, the answer is unchanged, and an error naming SITE_URL is logged', async () => {
    const { sendMailAfterResponse } = await import('../../worker/lib/mailer');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const to = `nobody-${crypto.randomUUID()}@example.com`;
    const write = vi.fn(() => ({ to, subject: 's', text: 't', html: 'h' }));
    try {
      const c = { env: { ...env, SITE_URL: '' }, var: { requestId: 'req-1' } } as unknown as Parameters<typeof sendMailAfterResponse>[0];
      sendMailAfterResponse(c, write, async () => 'Byline');
      expect(write).not.toHaveBeenCalled();
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/MAIL NOT SENT: SITE_URL is not set\. .*set SITE_URL in wrangler\.toml/));
    } finally {
      errors.mockRestore();
    }
    expect(await mailsTo(to, 1, 200)).toEqual([]);
  });
});
