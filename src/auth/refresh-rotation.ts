import { createHmac, hkdfSync } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RefreshTokensTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { sha256Hex } from './tokens.ts';
import { revokeSession } from './sessions.repository.ts';
import type { Revocations } from './revocations.ts';

/**
 * Refresh token rotation with reuse detection (RFC 9700 §4.14) and a short reuse grace window
 * (Okta's "grace period", Auth0's "reuse interval"): a token rotated at most `graceSeconds` ago
 * is accepted again and answers the same successor, so two tabs or a retry after a lost response
 * do not end the session; a reuse later than that ends it.
 *
 * The database stores SHA-256 hashes only, so the successor cannot be read back. It is derived
 * instead: successor = `rt_` + base64url(HMAC-SHA-256(K, parent)), K = HKDF-SHA-256(JWT secret,
 * "cog-rag refresh token successors"). Only the server (K) and a holder of the parent can compute
 * it; it is as unguessable as a random token, and a grace replay recomputes the same value and
 * checks it against the stored hash. Every process shares the state through the database.
 */
export interface RotationSettings {
  /** successorKeyOf(JWT secret). */
  successorKey: Buffer;
  /** Lifetime of a new refresh token (REFRESH_TOKEN_TTL_DAYS). */
  ttlDays: number;
  /** AUTH_REFRESH_REUSE_GRACE_SECONDS; 0 turns the grace window off. */
  graceSeconds: number;
}

/** The outcome of a successful refresh. */
export interface Rotated {
  userId: string;
  sessionId: string;
  /** The successor refresh token (the same value for every request within the grace window). */
  refreshToken: string;
  /** When the successor was issued: the access token's `iat`, so a replay signs the same token. */
  issuedAt: Date;
  /** True when this answer repeats an earlier rotation (grace window). */
  replay: boolean;
}

const keys = new WeakMap<Uint8Array, Buffer>();

/** K: HKDF-SHA-256 of the JWT secret (RFC 5869), so no new secret must be configured. */
export function successorKeyOf(jwtSecret: Uint8Array): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'cog-rag refresh token successors', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

/** The refresh token that rotating `parent` issues: `rt_` + 43 base64url characters (256 bits). */
export function successorOf(key: Buffer, parent: string): string {
  return `rt_${createHmac('sha256', key).update(parent).digest('base64url')}`;
}

type Row = Selectable<RefreshTokensTable>;

/**
 * Rotates `token`: revokes it and issues its successor in one transaction (a racing rotation of
 * the same token waits for it, then finds the successor committed). A token rotated within the
 * grace window answers its successor again, if that one is still live. Anything else that is
 * known (a reuse after the window, a replay whose session has since ended) ends the whole
 * session and reports it to `revocations` (the auth cache and its bus).
 * @returns null for an unknown, expired or reused token.
 */
export async function rotateRefreshToken(
  db: Kysely<DB>,
  token: string,
  settings: RotationSettings,
  revocations: Revocations,
): Promise<Rotated | null> {
  const read = () =>
    db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  let row = await read();
  if (!row) return null;
  const successor = successorOf(settings.successorKey, token);
  if (!row.revoked_at) {
    if (row.expires_at.getTime() <= Date.now()) return null;
    const rotated = await rotate(db, row, successor, settings.ttlDays);
    if (rotated) return rotated;
    row = (await read()) ?? row; // lost a race: the winner's rotation is committed now
  }
  const replay = await withinGrace(db, row, successor, settings.graceSeconds);
  if (replay) return replay;
  await revokeSession(db, row.session_id);
  revocations.invalidate({ kind: 'session', id: row.session_id });
  return null;
}

/** Revokes `row` and inserts its successor; null when another request revoked it first. */
async function rotate(db: Kysely<DB>, row: Row, successor: string, ttlDays: number): Promise<Rotated | null> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) === 0) return null;
    await trx
      .insertInto('refresh_tokens')
      .values({
        id: newId('rtk'),
        user_id: row.user_id,
        session_id: row.session_id,
        token_hash: sha256Hex(successor),
        expires_at: new Date(now.getTime() + ttlDays * 86_400_000),
        created_at: now,
      })
      .execute();
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      refreshToken: successor,
      issuedAt: now,
      replay: false,
    };
  });
}

/**
 * The successor of a token revoked at most `graceSeconds` ago, when it is the live token of the
 * same session and user (only the previous token is accepted again, as Auth0 does: a token two
 * rotations old is a reuse). A session ended meanwhile (logout, password change, a disabled
 * user) has no live successor, so nothing ended comes back.
 */
async function withinGrace(
  db: Kysely<DB>,
  row: Row,
  successor: string,
  graceSeconds: number,
): Promise<Rotated | null> {
  if (graceSeconds <= 0 || !row.revoked_at) return null;
  if (Date.now() - row.revoked_at.getTime() > graceSeconds * 1000) return null;
  const next = await db
    .selectFrom('refresh_tokens')
    .select('created_at')
    .where('token_hash', '=', sha256Hex(successor))
    .where('session_id', '=', row.session_id)
    .where('user_id', '=', row.user_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!next) return null;
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    refreshToken: successor,
    issuedAt: next.created_at,
    replay: true,
  };
}
