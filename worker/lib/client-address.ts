import type { Context } from 'hono';

/** The client's address as Cloudflare reports it; requests without one share a single bucket. */
export function clientAddress(c: Context): string {
  const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip.toLowerCase() : 'unknown';
}

/**
 * The network a throttle counts an address against: an IPv4 address as it is, an IPv6 address by
 * its /64 — one subscriber's network, any address of which a single host may use, so counting per
 * IPv6 address would hand every client 2^64 fresh counters.
 */
export function throttleNetwork(address: string): string {
  if (!address.includes(':') || address.includes('.')) return address; // IPv4, IPv4-mapped, 'unknown'
  const halves = address.split('::');
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return address;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The client's network for throttles (see throttleNetwork). */
export const clientNetwork = (c: Context): string => throttleNetwork(clientAddress(c));
