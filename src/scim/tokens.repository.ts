import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';

/** A SCIM token as the API lists it; `token` only in the create and rotate responses. */
export interface ScimTokenView {
  id: string;
  name: string;
  /** `scim_` and the first characters, to recognise the token in an identity provider's settings. */
  tokenPrefix: string;
  tokenLast4: string;
  createdAt: string;
  /** When the token was last replaced by a rotation; null: never. */
  rotatedAt: string | null;
  /** At most once a minute per token and process (tokenToucher). */
  lastUsedAt: string | null;
}

type Row = DB['scim_tokens'] extends infer T ? { [K in keyof T]: unknown } : never;

function view(row: Row): ScimTokenView {
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
  return {
    id: row.id as string,
    name: row.name as string,
    tokenPrefix: row.token_prefix as string,
    tokenLast4: row.token_last4 as string,
    createdAt: iso(row.created_at)!,
    rotatedAt: iso(row.rotated_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

/** A new token: `scim_` + 256 random bits (base64url), with the parts the database keeps of it. */
function mint() {
  const token = `scim_${randomToken(32)}`;
  return {
    token,
    token_prefix: token.slice(0, 10),
    token_last4: token.slice(-4),
    token_hash: sha256Hex(token),
  };
}

/**
 * Creates a SCIM bearer token for the company; only its SHA-256 is stored (as API keys,
 * src/api-keys/api-keys.repository.ts). @returns the record and the token, never retrievable again.
 */
export async function createScimToken(
  db: Kysely<DB>,
  companyId: string,
  name: string,
  createdBy: string | null,
): Promise<ScimTokenView & { token: string }> {
  const { token, ...parts } = mint();
  const row = await db
    .insertInto('scim_tokens')
    .values({ id: newId('stk'), company_id: companyId, name: name.trim(), created_by: createdBy, ...parts })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...view(row), token };
}

/** The company's SCIM tokens, newest first. */
export async function listScimTokens(db: Kysely<DB>, companyId: string): Promise<ScimTokenView[]> {
  const rows = await db
    .selectFrom('scim_tokens')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(view);
}

/**
 * Replaces the token's secret: the old one is refused from the next request on (the hash is looked
 * up on every request, nothing is cached). @returns the record and the new token; null when no
 * such token in the company.
 */
export async function rotateScimToken(
  db: Kysely<DB>,
  companyId: string,
  id: string,
): Promise<(ScimTokenView & { token: string }) | null> {
  const { token, ...parts } = mint();
  const row = await db
    .updateTable('scim_tokens')
    .set({ ...parts, rotated_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  return row ? { ...view(row), token } : null;
}

/** Revokes (deletes) the token at once; false when no such token in the company. */
export async function deleteScimToken(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('scim_tokens')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The token a `Bearer` value stands for: its id and company, or null for anything else (a value
 * without the `scim_` shape is not even looked up).
 */
export async function findScimToken(
  db: Kysely<DB>,
  presented: string,
): Promise<{ id: string; companyId: string } | null> {
  if (!/^scim_[A-Za-z0-9_-]{40,}$/.test(presented)) return null;
  const row = await db
    .selectFrom('scim_tokens')
    .select(['id', 'company_id'])
    .where('token_hash', '=', sha256Hex(presented))
    .executeTakeFirst();
  return row ? { id: row.id, companyId: row.company_id } : null;
}

/** Records a token's use at most once per `intervalMs` per token (best effort, never throws). */
export function scimTokenToucher(db: Kysely<DB>, intervalMs = 60_000): (id: string) => void {
  const last = new Map<string, number>();
  return (id) => {
    const now = Date.now();
    if (now - (last.get(id) ?? -Infinity) < intervalMs) return;
    if (last.size >= 1000) last.clear();
    last.set(id, now);
    void db
      .updateTable('scim_tokens')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', id)
      .execute()
      .catch(() => {});
  };
}
