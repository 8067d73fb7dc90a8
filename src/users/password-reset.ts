import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { conflict, notFound, unauthorized } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../auth/passwords.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import type { Revocations } from '../auth/auth-cache.ts';
import { openSession, type AuthSettings, type TokenSet, type UserView } from '../auth/auth.service.ts';

/** A reset link just made: the one-time token (shown or mailed once) and its expiry. */
export interface ResetLink {
  token: string;
  expiresAt: string;
}

/**
 * E-mailed links per address: at most one a minute and five an hour (a mailbox cannot be flooded
 * through the public route; counted in the database, so across processes).
 */
export const RESET_MAIL_LIMITS = { perMinute: 1, perHour: 5 } as const;

/** Stores a new link for `userId`; the user's earlier unused links stop working. */
async function issue(
  db: Kysely<DB>,
  user: { id: string; company_id: string },
  ttlMinutes: number,
  createdBy: string | null,
): Promise<ResetLink> {
  const token = `pwr_${randomToken(32)}`;
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        id: newId('pwr'),
        company_id: user.company_id,
        user_id: user.id,
        token_hash: sha256Hex(token),
        expires_at: expiresAt,
        created_by: createdBy,
      })
      .execute();
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * The link for a person who forgot their password (`POST /api/auth/forgot-password`): only for an
 * enabled user who has a password (SSO-only and invited users sign in their own way), and within
 * RESET_MAIL_LIMITS. The route answers the same whatever this returns (no account enumeration).
 * @returns the link with the user's name and company, or null when nothing is to be sent.
 */
export async function requestPasswordReset(
  db: Kysely<DB>,
  email: string,
  ttlMinutes: number,
): Promise<(ResetLink & { name: string; companyName: string }) | null> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.company_id', 'u.name', 'c.name as company_name'])
    .where('u.email', '=', email.trim().toLowerCase())
    .where('u.disabled', '=', false)
    .where('u.password_hash', 'is not', null)
    .executeTakeFirst();
  if (!user) return null;
  const recent = await db
    .selectFrom('password_resets')
    .select(({ fn }) => [fn.countAll<number>().as('hour'), fn.max('created_at').as('last')])
    .where('user_id', '=', user.id)
    .where('created_by', 'is', null)
    .where('created_at', '>', new Date(Date.now() - 3_600_000))
    .executeTakeFirst();
  const last = recent?.last ? new Date(recent.last).getTime() : 0;
  if (Number(recent?.hour ?? 0) >= RESET_MAIL_LIMITS.perHour || Date.now() - last < 60_000) return null;
  const link = await issue(db, user, ttlMinutes, null);
  return { ...link, name: user.name, companyName: user.company_name };
}

/**
 * A link an admin hands to a user of their company (`POST /api/users/{id}/password-reset`).
 * @throws 404 NOT_FOUND (not in the company), 409 CONFLICT (the user is disabled).
 */
export async function issuePasswordResetByAdmin(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  adminId: string,
  ttlMinutes: number,
): Promise<ResetLink & { email: string; name: string }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'name', 'disabled'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  if (user.disabled) throw conflict('The user is disabled: enable them first');
  return { ...(await issue(db, user, ttlMinutes, adminId)), email: user.email, name: user.name };
}

/**
 * Redeems a reset link (`POST /api/auth/reset-password`): the new password is set, the link is
 * used (a conditional update: two concurrent redemptions cannot both succeed), every session of
 * the user ends and a new one is opened.
 * @throws 401 UNAUTHORIZED, one message for an unknown, used or expired link or a disabled user.
 */
export async function resetPassword(
  db: Kysely<DB>,
  settings: AuthSettings,
  input: { token: string; password: string },
  revocations: Revocations,
): Promise<TokenSet & { user: UserView }> {
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', sha256Hex(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    const updated =
      link &&
      (await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', link.user_id)
        .where('disabled', '=', false)
        .returningAll()
        .executeTakeFirst());
    if (!updated) throw unauthorized('Invalid, expired or already used password reset link');
    await revokeUserSessions(trx, updated.id);
    return updated;
  });
  revocations.invalidate({ kind: 'user', id: user.id });
  return openSession(db, settings, user);
}
