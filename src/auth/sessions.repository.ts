import type { Kysely } from 'kysely';
import type { DB, Role } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * A session is the family of refresh tokens issued from one login; this issues its first one.
 * Refresh rotates the token, and presenting a rotated token again after the grace window revokes
 * the whole session (RFC 9700 §4.14 rotation with reuse detection): src/auth/refresh-rotation.ts.
 */
export async function issueRefreshToken(
  db: Kysely<DB>,
  userId: string,
  sessionId: string,
  ttlDays: number,
): Promise<string> {
  const token = `rt_${randomToken(32)}`;
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId('rtk'),
      user_id: userId,
      session_id: sessionId,
      token_hash: sha256Hex(token),
      expires_at: new Date(Date.now() + ttlDays * 86_400_000),
    })
    .execute();
  return token;
}

/** Who a live session belongs to, as stored now (not as the access token remembers it). */
export interface SessionUser {
  userId: string;
  companyId: string;
  role: Role;
  email: string;
  /** Display names, for `GET /api/auth/me` without a query (renames invalidate the cache). */
  name: string;
  companyName: string;
}

/**
 * The user behind a session, read on every authenticated request so that a demotion, a
 * disabled account or an ended session counts at once. A session is live while it has an
 * unrevoked, unexpired refresh token and its user is enabled.
 * The one place where a principal is loaded; plugins/auth.ts reads it through the auth cache,
 * which every revocation invalidates once committed (src/auth/auth-cache.ts).
 * @returns null when the session ended or the user is disabled or gone.
 */
export async function loadSessionUser(
  db: Kysely<DB>,
  sessionId: string,
  userId: string,
): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.company_id',
      'users.role',
      'users.email',
      'users.name',
      'companies.name as company_name',
    ])
    .where('refresh_tokens.session_id', '=', sessionId)
    .where('refresh_tokens.user_id', '=', userId)
    .where('refresh_tokens.revoked_at', 'is', null)
    .where('refresh_tokens.expires_at', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  return row
    ? {
        userId: row.id,
        companyId: row.company_id,
        role: row.role,
        email: row.email,
        name: row.name,
        companyName: row.company_name,
      }
    : null;
}

/**
 * Ends every session of a user (all refresh token families), except `keepSessionId` when given;
 * their access tokens are refused on the next request (see loadSessionUser).
 */
export async function revokeUserSessions(
  db: Kysely<DB>,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('session_id', '!=', keepSessionId);
  await q.execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
