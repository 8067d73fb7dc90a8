import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Revocations } from '../auth/auth-cache.ts';
import { randomToken } from '../auth/tokens.ts';
import { encryptSecret } from '../webhooks/secrets.ts';

/**
 * Gives the key a new HS256 visitor-token secret `vis_<43 base64url chars>` (256 random bits),
 * stored AES-GCM encrypted with the service's secrets key (webhooks/secrets.ts); replaces any
 * previous secret and JWKS URL, so tokens signed with the old one are refused at once.
 * @returns the secret, never retrievable again; null when no such key in the company.
 */
export async function rotateVisitorSecret(
  db: Kysely<DB>,
  secretsKey: Buffer,
  companyId: string,
  id: string,
  revocations: Revocations,
): Promise<string | null> {
  const secret = `vis_${randomToken(32)}`;
  const row = await db
    .updateTable('api_keys')
    .set({ visitor_secret_ciphertext: encryptSecret(secretsKey, secret), visitor_jwks_url: null })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  revocations.invalidate({ kind: 'apiKey', id });
  return secret;
}

/** Removes the key's HS256 secret: its tokens are refused at once. @returns false when no such key. */
export async function removeVisitorSecret(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  revocations: Revocations,
): Promise<boolean> {
  const row = await db
    .updateTable('api_keys')
    .set({ visitor_secret_ciphertext: null })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returning('id')
    .executeTakeFirst();
  if (row) revocations.invalidate({ kind: 'apiKey', id });
  return row !== undefined;
}
