import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Widget session ids, made by the server only: `sess_` + 32 base64url characters of randomness
 * (192 bits) + 22 of HMAC-SHA-256 (128 bits) over the API key's id and that randomness. A visitor
 * cannot choose or guess another visitor's id, and an id made for one key does not verify for
 * another, so a foreign id starts a new session instead of joining one (docs/widget.md "Sessions").
 */
const RANDOM_CHARS = 32;
const MAC_CHARS = 22;
const SHAPE = new RegExp(`^sess_[A-Za-z0-9_-]{${RANDOM_CHARS + MAC_CHARS}}$`);

const keys = new WeakMap<Uint8Array, Buffer>();

/** The HMAC key, derived (HKDF-SHA-256) from the JWT secret so no new secret must be configured. */
export function sessionKeyOf(jwtSecret: Uint8Array): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'cog-rag widget session ids', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

const macOf = (key: Buffer, apiKeyId: string, random: string) =>
  createHmac('sha256', key).update(`${apiKeyId}\n${random}`).digest('base64url').slice(0, MAC_CHARS);

/** A fresh session id for `apiKeyId` (54 characters after `sess_`). */
export function newSessionId(key: Buffer, apiKeyId: string): string {
  const random = randomBytes(24).toString('base64url');
  return `sess_${random}${macOf(key, apiKeyId, random)}`;
}

/** True when `sessionId` was made by this server for `apiKeyId`; constant-time on the MAC. */
export function isSessionOf(key: Buffer, apiKeyId: string, sessionId: string): boolean {
  if (!SHAPE.test(sessionId)) return false;
  const random = sessionId.slice(5, 5 + RANDOM_CHARS);
  const given = Buffer.from(sessionId.slice(5 + RANDOM_CHARS));
  return timingSafeEqual(given, Buffer.from(macOf(key, apiKeyId, random)));
}
