import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { unauthorized } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import type { Revocations } from '../auth/auth-cache.ts';
import {
  openSession,
  userView,
  type AuthSettings,
  type TokenSet,
  type UserView,
} from '../auth/auth.service.ts';

/**
 * Accepts an invitation: sets the password and name, marks the invitation used (one time) and
 * opens a session.
 * @throws 401 UNAUTHORIZED, one message for an unknown, expired or already used token, or a
 *   disabled user.
 */
export async function acceptInvitation(
  db: Kysely<DB>,
  settings: AuthSettings,
  input: { token: string; password: string; name: string },
): Promise<TokenSet & { user: UserView }> {
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction().execute(async (trx) => {
    // Consumed with a conditional update so that two concurrent accepts cannot both succeed.
    const invitation = await trx
      .updateTable('invitations')
      .set({ accepted_at: new Date() })
      .where('token_hash', '=', sha256Hex(input.token))
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    const updated =
      invitation &&
      (await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, name: input.name.trim(), updated_at: new Date() })
        .where('id', '=', invitation.user_id)
        .where('disabled', '=', false)
        .returningAll()
        .executeTakeFirst());
    // Thrown inside the transaction: a disabled user's invitation stays unused.
    if (!updated) throw unauthorized('Invalid, expired or already used invitation');
    return updated;
  });
  return openSession(db, settings, user);
}

/**
 * Changes the caller's password after checking the current one. Every session of the user ends,
 * this one included; the answer carries a new session, so the caller stays signed in.
 * @throws 401 UNAUTHORIZED when the current password is wrong (or the user has none: SSO-only).
 */
export async function changePassword(
  db: Kysely<DB>,
  settings: AuthSettings,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  revocations: Revocations,
): Promise<TokenSet & { user: UserView }> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.currentPassword) : false;
  if (!user || !ok) throw unauthorized('Current password is wrong');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(trx, userId);
  });
  revocations.invalidate({ kind: 'user', id: userId });
  return openSession(db, settings, user);
}

/** Renames the caller (cached sessions carry the name: invalidated). @returns the user object. */
export async function updateOwnName(
  db: Kysely<DB>,
  userId: string,
  name: string,
  revocations: Revocations,
): Promise<UserView> {
  const row = await db
    .updateTable('users')
    .set({ name: name.trim(), updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  revocations.invalidate({ kind: 'user', id: userId });
  return userView(row);
}
