import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { forbidden } from '../lib/errors.ts';
import { openSession, type AuthSettings, type TokenSet, type UserView } from './auth.service.ts';
import type { ProviderIdentity } from './providers/identity.ts';
import { companyForNewUser, type DomainPolicy } from './domain-claims.ts';
import { syncUserGroups } from './directory/groups.ts';
import type { GroupMapping } from './directory/mapping.ts';
import type { Revocations } from './revocations.ts';

/** What the operator's directory (OpenID Connect, LDAP) adds to a sign-in. */
export interface DirectorySignIn {
  /** The company its users belong to; null: by the e-mail's proven domain claim. */
  companyId: string | null;
  /** The user's groups as the directory sent them, synced by `mapping` (directory/groups.ts). */
  externalGroups: string[];
  mapping: GroupMapping;
  /** The LDAP entry's DN, kept for the periodic group sync; null for OpenID Connect. */
  dn: string | null;
  /** Told when the sync changed the user's role or groups (cached sessions re-read the user). */
  revocations: Revocations;
}

/**
 * Who may sign in with a provider, in order:
 * 1. the user already linked to this provider account (`provider` + `subject`);
 * 2. an existing user with the same e-mail, linked now — unless that user is already linked to
 *    another account of the same provider (a second Microsoft tenant with the same e-mail stays
 *    apart); a pending invitation counts as accepted;
 * 3. the company that proved the e-mail's domain (domain-claims.ts `companyForNewUser`: Google
 *    Workspace `hd`, or the Microsoft tenant bound to the claim): a new COMPANY_READER.
 * An existing user's company never changes by signing in. With `directory` (OpenID Connect, LDAP):
 * its `companyId`, when set, is the company of new users and the only one whose users it may link;
 * the user's groups (and role, when mapped) follow `externalGroups` before the session opens.
 * @throws 403 FORBIDDEN otherwise, or for a disabled user.
 */
export async function signInWithIdentity(
  db: Kysely<DB>,
  settings: AuthSettings & { domains: DomainPolicy },
  identity: ProviderIdentity,
  directory?: DirectorySignIn,
): Promise<TokenSet & { user: UserView }> {
  let user: UserRow;
  try {
    user = await signIn(db, settings, identity, directory);
  } catch (err) {
    // A concurrent first sign-in of the same person created the user or the link: use theirs.
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    user = await signIn(db, settings, identity, directory);
  }
  if (directory) user = await followDirectory(db, user, identity, directory);
  return openSession(db, settings, user);
}

type UserRow = Selectable<DB['users']>;

async function followDirectory(
  db: Kysely<DB>,
  user: UserRow,
  identity: ProviderIdentity,
  directory: DirectorySignIn,
): Promise<UserRow> {
  const result = await syncUserGroups(db, {
    companyId: user.company_id,
    userId: user.id,
    externalGroups: directory.externalGroups,
    mapping: directory.mapping,
    source: identity.provider,
  });
  await db
    .updateTable('user_identities')
    .set({
      directory_groups: JSON.stringify(directory.externalGroups),
      directory_dn: directory.dn,
      directory_synced_at: new Date(),
    })
    .where('provider', '=', identity.provider)
    .where('subject', '=', identity.subject)
    .execute();
  if (!result.changed) return user;
  directory.revocations.invalidate({ kind: 'user', id: user.id });
  return result.role ? { ...user, role: result.role } : user;
}

/** PostgreSQL's unique_violation (Appendix A, error codes). */
const UNIQUE_VIOLATION = '23505';

async function signIn(
  db: Kysely<DB>,
  settings: AuthSettings & { domains: DomainPolicy },
  identity: ProviderIdentity,
  directory: DirectorySignIn | undefined,
): Promise<UserRow> {
  const linked = await db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .selectAll('users')
    .where('user_identities.provider', '=', identity.provider)
    .where('user_identities.subject', '=', identity.subject)
    .executeTakeFirst();
  if (linked) {
    if (linked.disabled) throw forbidden('This account is disabled');
    // The Workspace domain is the proof a domain claim checks: keep it as of this sign-in.
    await db
      .updateTable('user_identities')
      .set({ hosted_domain: identity.hostedDomain ?? null })
      .where('provider', '=', identity.provider)
      .where('subject', '=', identity.subject)
      .execute();
    return linked;
  }

  const companyId = directory?.companyId ?? null;
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', identity.email)
      .executeTakeFirst();
    if (existing) {
      if (existing.disabled) throw forbidden('This account is disabled');
      if (companyId && existing.company_id !== companyId)
        throw forbidden('This e-mail belongs to an account this sign-in provider cannot vouch for');
      const other = await trx
        .selectFrom('user_identities')
        .select('id')
        .where('user_id', '=', existing.id)
        .where('provider', '=', identity.provider)
        .executeTakeFirst();
      if (other) {
        throw forbidden(`This e-mail is already linked to another ${identity.provider} account`);
      }
      await link(trx, existing.id, identity);
      await trx
        .updateTable('invitations')
        .set({ accepted_at: new Date() })
        .where('user_id', '=', existing.id)
        .where('accepted_at', 'is', null)
        .execute();
      return existing;
    }
    const joins = companyId ?? (await companyForNewUser(trx, settings.domains, identity));
    if (!joins) {
      throw forbidden(
        'No account exists for this e-mail and no company accepts its domain; ask an admin for an invitation',
      );
    }
    const created = await trx
      .insertInto('users')
      .values({
        id: newId('usr'),
        company_id: joins,
        email: identity.email,
        name: identity.name.slice(0, 200),
        role: 'COMPANY_READER',
        password_hash: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await link(trx, created.id, identity);
    return created;
  });
}

async function link(trx: Kysely<DB>, userId: string, identity: ProviderIdentity): Promise<void> {
  await trx
    .insertInto('user_identities')
    .values({
      id: newId('idn'),
      user_id: userId,
      provider: identity.provider,
      subject: identity.subject,
      tenant_id: identity.tenantId,
      hosted_domain: identity.hostedDomain ?? null,
      email: identity.email,
    })
    .execute();
}
