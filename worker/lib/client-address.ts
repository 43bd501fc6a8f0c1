import type { Context } from 'hono';

/** The client's address as Cloudflare reports it; requests without one share a single bucket. */
export function clientAddress(c: Context): string {
  const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip.toLowerCase() : 'unknown';
}
