import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Derives the 32-byte AES key for webhook secrets at rest with HKDF-SHA256 (RFC 5869) from
 * WEBHOOK_SECRET_KEY, or else from the JWT secret. Changing that material makes stored secrets
 * unreadable: deliveries then fail with a clear error until the endpoint's secret is rotated.
 */
export function deriveSecretKey(material: string | Uint8Array): Buffer {
  const ikm = typeof material === 'string' ? Buffer.from(material, 'utf8') : Buffer.from(material);
  return Buffer.from(hkdfSync('sha256', ikm, 'cog-rag', 'webhook-secrets-v1', 32));
}

/**
 * A new signing secret `whsec_<base64 of 24 random bytes>` (Standard Webhooks: the part after the
 * prefix is base64 and is what HMAC uses as its key; 24–64 bytes recommended).
 */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** @throws Error when the key is not the one the secret was stored with. */
export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, spec "Signature scheme"):
 * `v1,` + base64 HMAC-SHA256, keyed with the base64-decoded part of the secret after `whsec_`,
 * over `<webhook-id>.<webhook-timestamp>.<body>`. `timestamp` is in seconds since the epoch.
 */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
