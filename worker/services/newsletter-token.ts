// The per-subscriber unsubscribe token (decision 069): `<subscriber id>.<HMAC-SHA256 of the id>`, base64url.
// It never expires (a mail read a year later must still unsubscribe) and is checked with crypto.subtle.verify,
// which compares in constant time. The key is derived from SESSION_SECRET under its own label, so it is no
// session key and needs no secret of its own (every deploy, npm start and test already has that one);
// rotating SESSION_SECRET voids the links in mails already sent, which decision 069 accepts.

const LABEL = 'byline newsletter unsubscribe v1';
const TOKEN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

async function derivedKey(secret: string): Promise<CryptoKey> {
  const root = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derived = await crypto.subtle.sign('HMAC', root, encoder.encode(LABEL));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const keyOf = (secret: string): Promise<CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    key = derivedKey(secret);
    keys.set(secret, key);
  }
  return key;
};

const base64url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/** The token of the subscriber `id`: what every mail's unsubscribe link and List-Unsubscribe header carry. */
export async function unsubscribeToken(secret: string, id: number): Promise<string> {
  return `${id}.${base64url(await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(String(id))))}`;
}

/** The subscriber a token names, when its signature is right; null for anything else (malformed, forged, another id's). */
export async function subscriberOfToken(secret: string, token: string): Promise<number | null> {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const ok = await crypto.subtle.verify('HMAC', await keyOf(secret), fromBase64url(m[2]!), encoder.encode(m[1]!));
  return ok ? Number(m[1]) : null;
}
