import type { Kysely } from 'kysely';
import type { DB, Role } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import type { Revocations } from '../auth/auth-cache.ts';
import { findUser, lockActiveAdmins, type UserDetail } from './users.repository.ts';

/** How long an invitation link stays valid, ms (7 days). */
export const INVITATION_TTL_MS = 7 * 86_400_000;

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  /** Given: the user can log in at once. Absent: an invitation is created instead. */
  password?: string;
}

/** The one-time invitation: `token` is shown once, only its SHA-256 is stored. */
export interface Invitation {
  token: string;
  expiresAt: string;
}

/**
 * Creates a user in the admin's company, with a password or with an invitation
 * (`inv_` + 256 random bits, valid INVITATION_TTL_MS, accepted by POST /api/auth/accept-invitation).
 * @throws 409 CONFLICT when the e-mail belongs to any user (e-mails are unique across companies).
 */
export async function createUser(
  db: Kysely<DB>,
  companyId: string,
  createdBy: string,
  input: NewUser,
): Promise<{ user: UserDetail; invitation?: Invitation }> {
  const email = input.email.toLowerCase();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const id = newId('usr');
  const invitation = await insertUser(db, companyId, createdBy, id, email, input, passwordHash).catch(
    (err: unknown) => {
      // Two admins adding the same e-mail at once: the unique index decides.
      if ((err as { code?: string }).code === '23505')
        throw conflict('A user with this e-mail already exists');
      throw err;
    },
  );
  const user = (await findUser(db, companyId, id))!;
  return invitation ? { user, invitation } : { user };
}

async function insertUser(
  db: Kysely<DB>,
  companyId: string,
  createdBy: string,
  id: string,
  email: string,
  input: NewUser,
  passwordHash: string | null,
): Promise<Invitation | undefined> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw conflict('A user with this e-mail already exists');
    await trx
      .insertInto('users')
      .values({
        id,
        company_id: companyId,
        email,
        name: input.name.trim(),
        role: input.role,
        password_hash: passwordHash,
      })
      .execute();
    if (passwordHash) return undefined;
    return issueInvitation(trx, companyId, id, createdBy);
  });
}

/**
 * Stores a one-time invitation link for `userId` (`inv_` + 256 random bits, valid
 * INVITATION_TTL_MS); only its SHA-256 is kept. Used at creation and by a resend.
 */
export async function issueInvitation(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  createdBy: string | null,
): Promise<Invitation> {
  const token = `inv_${randomToken(32)}`;
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await db
    .insertInto('invitations')
    .values({
      id: newId('inv'),
      company_id: companyId,
      user_id: userId,
      token_hash: sha256Hex(token),
      expires_at: expiresAt,
      created_by: createdBy,
    })
    .execute();
  return { token, expiresAt: expiresAt.toISOString() };
}

export interface UserChange {
  name?: string;
  role?: Role;
  disabled?: boolean;
}

/**
 * Changes a user's name, role or disabled flag. Disabling or demoting ends their sessions at once.
 * @throws 404 NOT_FOUND (also another company's user); 409 CONFLICT when the change would leave
 *   the company without an active admin.
 */
export async function updateUser(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  change: UserChange,
  revocations: Revocations,
): Promise<UserDetail> {
  await db.transaction().execute(async (trx) => {
    const admins = await lockActiveAdmins(trx, companyId);
    const current = await trx
      .selectFrom('users')
      .select(['role', 'disabled'])
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!current) throw notFound('User');
    const losesAdmin =
      (change.role !== undefined && change.role !== 'COMPANY_ADMIN') || change.disabled === true;
    if (losesAdmin && admins.length === 1 && admins[0] === id) {
      throw conflict('The last active admin of a company cannot be demoted or disabled');
    }
    await trx
      .updateTable('users')
      .set({
        ...(change.name !== undefined ? { name: change.name.trim() } : {}),
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const demoted = change.role !== undefined && rank(change.role) < rank(current.role);
    if (demoted || (change.disabled === true && !current.disabled)) await revokeUserSessions(trx, id);
  });
  // After the commit: any change (a raised role too) counts on the user's next request.
  revocations.invalidate({ kind: 'user', id });
  return (await findUser(db, companyId, id))!;
}

const rank = (role: Role) => ['COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'].indexOf(role);

/**
 * Deletes a user; their sessions, invitations and identities go with them (cascade), their
 * conversations too.
 * @throws 404 NOT_FOUND; 409 CONFLICT for the last active admin.
 */
export async function deleteUser(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  revocations: Revocations,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admins = await lockActiveAdmins(trx, companyId);
    if (admins.length === 1 && admins[0] === id) {
      throw conflict('The last active admin of a company cannot be deleted');
    }
    const res = await trx
      .deleteFrom('users')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound('User');
  });
  revocations.invalidate({ kind: 'user', id });
}
