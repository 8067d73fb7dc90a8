import type { Kysely } from 'kysely';
import type { DB, Role } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { conflict, unauthorized } from '../lib/errors.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords.ts';
import { signAccessToken } from './tokens.ts';
import { issueRefreshToken, revokeSession } from './sessions.repository.ts';
import { rotateRefreshToken, successorKeyOf } from './refresh-rotation.ts';
import type { Revocations } from './auth-cache.ts';

export interface AuthSettings {
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** AUTH_REFRESH_REUSE_GRACE_SECONDS: how long a rotated refresh token still answers its successor. */
  refreshReuseGraceSeconds: number;
}

/** The spec's user object. */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  companyId: string;
}

/** The spec's token set. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

type UserRow = { id: string; email: string; name: string; role: Role; company_id: string };

export const userView = (u: UserRow): UserView => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  companyId: u.company_id,
});

/** Opens a new session for `user` and returns its first token set. */
export async function openSession(
  db: Kysely<DB>,
  settings: AuthSettings,
  user: UserRow,
): Promise<TokenSet & { user: UserView }> {
  return { ...(await issueTokens(db, settings, user, newId('sess'))), user: userView(user) };
}

async function issueTokens(
  db: Kysely<DB>,
  settings: AuthSettings,
  user: UserRow,
  sessionId: string,
): Promise<TokenSet> {
  const refreshToken = await issueRefreshToken(db, user.id, sessionId, settings.refreshTokenTtlDays);
  const accessToken = await signAccessToken(
    settings.jwtSecret,
    { sub: user.id, email: user.email, role: user.role, companyId: user.company_id, sid: sessionId },
    settings.accessTokenTtlSeconds,
  );
  return { accessToken, refreshToken, expiresIn: settings.accessTokenTtlSeconds };
}

/**
 * Checks e-mail and password and opens a session.
 * @throws 401 UNAUTHORIZED with one message for unknown e-mail, wrong password or disabled user.
 */
export async function login(
  db: Kysely<DB>,
  settings: AuthSettings,
  email: string,
  password: string,
): Promise<TokenSet & { user: UserView }> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH_PROMISE), password);
  if (!user || !ok || user.disabled) throw unauthorized('Invalid e-mail or password');
  return openSession(db, settings, user);
}

/**
 * Rotates a refresh token. Within the grace window a token already rotated answers the same pair
 * again: the same refresh token and the same access token (its `iat` is the rotation's time),
 * `expiresIn` then being what is left of it. See src/auth/refresh-rotation.ts.
 * @throws 401 for an unknown, expired or reused token, or a disabled user.
 */
export async function refresh(
  db: Kysely<DB>,
  settings: AuthSettings,
  refreshToken: string,
  revocations: Revocations,
): Promise<TokenSet> {
  const rotated = await rotateRefreshToken(
    db,
    refreshToken,
    {
      successorKey: successorKeyOf(settings.jwtSecret),
      ttlDays: settings.refreshTokenTtlDays,
      graceSeconds: settings.refreshReuseGraceSeconds,
    },
    revocations,
  );
  if (!rotated) throw unauthorized('Invalid or expired refresh token');
  const user = await db.selectFrom('users').selectAll().where('id', '=', rotated.userId).executeTakeFirst();
  if (!user || user.disabled) throw unauthorized('Invalid or expired refresh token');
  const ttl = settings.accessTokenTtlSeconds;
  const iat = Math.floor(rotated.issuedAt.getTime() / 1000);
  const accessToken = await signAccessToken(
    settings.jwtSecret,
    { sub: user.id, email: user.email, role: user.role, companyId: user.company_id, sid: rotated.sessionId },
    ttl,
    iat,
  );
  const expiresIn = rotated.replay ? Math.max(1, iat + ttl - Math.floor(Date.now() / 1000)) : ttl;
  return { accessToken, refreshToken: rotated.refreshToken, expiresIn };
}

/** Ends the session (all its refresh tokens) and drops it from the auth cache. */
export async function logout(db: Kysely<DB>, sessionId: string, revocations: Revocations): Promise<void> {
  await revokeSession(db, sessionId);
  revocations.invalidate({ kind: 'session', id: sessionId });
}

/**
 * Creates a company and its first COMPANY_ADMIN in one transaction.
 * @throws 409 CONFLICT when the e-mail is taken.
 */
export async function createCompanyWithAdmin(
  db: Kysely<DB>,
  input: { companyName: string; email: string; password: string; name: string },
): Promise<UserView> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw conflict('A user with this e-mail already exists');
    const companyId = newId('comp');
    await trx
      .insertInto('companies')
      .values({ id: companyId, name: input.companyName, settings: '{}' })
      .execute();
    const user = await trx
      .insertInto('users')
      .values({
        id: newId('usr'),
        company_id: companyId,
        email,
        name: input.name,
        role: 'COMPANY_ADMIN',
        password_hash: passwordHash,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return userView(user);
  });
}

/** Registers a company and its admin, then logs in (ARCHITECTURE.md: register returns the login shape). */
export async function register(
  db: Kysely<DB>,
  settings: AuthSettings,
  input: { companyName: string; email: string; password: string; name: string },
): Promise<TokenSet & { user: UserView }> {
  await createCompanyWithAdmin(db, input);
  return login(db, settings, input.email, input.password);
}

/** True when no company exists yet: an empty install, where registration is open by default. */
export async function hasNoCompanies(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** True when no user exists yet (first start). */
export async function hasNoUsers(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
