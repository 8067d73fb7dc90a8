import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { issueInvitation } from './users.service.ts';

/** An invitation nobody accepted yet: the invited user and the latest link's expiry. */
export interface PendingInvitation {
  userId: string;
  email: string;
  name: string;
  role: 'COMPANY_ADMIN' | 'COMPANY_EDITOR' | 'COMPANY_READER';
  invitedAt: string;
  expiresAt: string;
  /** The latest link has expired: resend to give the person a working one. */
  expired: boolean;
}

/** Users of the company invited and never signed in (no password, no linked SSO account). */
const pendingUsers = (db: Kysely<DB>, companyId: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('invitations as i', 'i.user_id', 'u.id')
    .where('u.company_id', '=', companyId)
    .where('i.company_id', '=', companyId)
    .where('u.password_hash', 'is', null)
    .where('i.accepted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('user_identities as x').select('x.id').whereRef('x.user_id', '=', 'u.id'))),
    );

/**
 * The company's pending invitations, newest first (`GET /api/invitations`).
 * @returns one page (`page` from 1, `limit` per page) and the total count.
 */
export async function listPendingInvitations(
  db: Kysely<DB>,
  companyId: string,
  page: { page: number; limit: number },
): Promise<{ items: PendingInvitation[]; total: number }> {
  const rows = await pendingUsers(db, companyId)
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      sql<Date>`max(i.created_at)`.as('invited_at'),
      sql<Date>`max(i.expires_at)`.as('expires_at'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .groupBy(['u.id', 'u.email', 'u.name', 'u.role'])
    .orderBy('invited_at', 'desc')
    .orderBy('u.id')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  const now = Date.now();
  const items = rows.map((r) => ({
    userId: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    invitedAt: new Date(r.invited_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    expired: new Date(r.expires_at).getTime() <= now,
  }));
  if (rows.length > 0 || page.page === 1) return { items, total: Number(rows[0]?.total ?? 0) };
  const count = await pendingUsers(db, companyId)
    .select(sql<number>`count(distinct u.id)`.as('n'))
    .executeTakeFirst();
  return { items, total: Number(count?.n ?? 0) };
}

/** Whether `userId` of the company has an invitation pending; 404 when not, 409 when accepted. */
async function assertPending(db: Kysely<DB>, companyId: string, userId: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!user) throw notFound('Invitation');
  const pending = await pendingUsers(db, companyId)
    .select('u.id')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!pending) throw conflict('This invitation was already accepted');
}

/**
 * A fresh link for a pending invitation (`POST /api/invitations/{userId}/resend`): the earlier
 * links stop working (deleted), the new one is valid INVITATION_TTL_MS; only its SHA-256 is kept.
 * @throws 404 NOT_FOUND (no such user in the company), 409 CONFLICT (already accepted).
 */
export async function resendInvitation(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  createdBy: string,
): Promise<{ token: string; expiresAt: string; email: string; name: string }> {
  return db.transaction().execute(async (trx) => {
    await assertPending(trx, companyId, userId);
    await trx
      .deleteFrom('invitations')
      .where('user_id', '=', userId)
      .where('accepted_at', 'is', null)
      .execute();
    const { token, expiresAt } = await issueInvitation(trx, companyId, userId, createdBy);
    const user = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { token, expiresAt, email: user.email, name: user.name };
  });
}

/**
 * Withdraws a pending invitation (`DELETE /api/invitations/{userId}`): the invited user, who never
 * signed in, is deleted with their links; the e-mail can be invited again.
 * @throws 404 NOT_FOUND, 409 CONFLICT (already accepted: delete the user instead).
 */
export async function revokeInvitation(db: Kysely<DB>, companyId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertPending(trx, companyId, userId);
    await trx.deleteFrom('users').where('id', '=', userId).where('company_id', '=', companyId).execute();
  });
}

/**
 * What the accept page shows before the person commits (`GET /api/auth/invitation?token=`): the
 * e-mail invited and the company joined. Answers only for a live, unused token.
 * @throws 404 NOT_FOUND for an unknown, used or expired token, or a disabled user.
 */
export async function invitationInfo(
  db: Kysely<DB>,
  token: string,
): Promise<{ email: string; name: string; companyName: string; expiresAt: string }> {
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['u.email', 'u.name', 'c.name as company_name', 'i.expires_at'])
    .where('i.token_hash', '=', sha256Hex(token))
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', new Date())
    .where('u.disabled', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound('Invitation');
  return {
    email: row.email,
    name: row.name,
    companyName: row.company_name,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}
