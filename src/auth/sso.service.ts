import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { forbidden } from '../lib/errors.ts';
import { openSession, type AuthSettings, type TokenSet, type UserView } from './auth.service.ts';
import type { ProviderIdentity } from './providers/identity.ts';
import { companyForNewUser, type DomainPolicy } from './domain-claims.ts';

/**
 * Who may sign in with a provider, in order:
 * 1. the user already linked to this provider account (`provider` + `subject`);
 * 2. an existing user with the same e-mail, linked now — unless that user is already linked to
 *    another account of the same provider (a second Microsoft tenant with the same e-mail stays
 *    apart); a pending invitation counts as accepted;
 * 3. the company that proved the e-mail's domain (domain-claims.ts `companyForNewUser`: Google
 *    Workspace `hd`, or the Microsoft tenant bound to the claim): a new COMPANY_READER.
 * An existing user's company never changes by signing in.
 * @throws 403 FORBIDDEN otherwise, or for a disabled user.
 */
export async function signInWithIdentity(
  db: Kysely<DB>,
  settings: AuthSettings & { domains: DomainPolicy },
  identity: ProviderIdentity,
): Promise<TokenSet & { user: UserView }> {
  try {
    return await signIn(db, settings, identity);
  } catch (err) {
    // A concurrent first sign-in of the same person created the user or the link: use theirs.
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) return signIn(db, settings, identity);
    throw err;
  }
}

/** PostgreSQL's unique_violation (Appendix A, error codes). */
const UNIQUE_VIOLATION = '23505';

async function signIn(
  db: Kysely<DB>,
  settings: AuthSettings & { domains: DomainPolicy },
  identity: ProviderIdentity,
): Promise<TokenSet & { user: UserView }> {
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
    return openSession(db, settings, linked);
  }

  const user = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', identity.email)
      .executeTakeFirst();
    if (existing) {
      if (existing.disabled) throw forbidden('This account is disabled');
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
    const companyId = await companyForNewUser(trx, settings.domains, identity);
    if (!companyId) {
      throw forbidden(
        'No account exists for this e-mail and no company accepts its domain; ask an admin for an invitation',
      );
    }
    const created = await trx
      .insertInto('users')
      .values({
        id: newId('usr'),
        company_id: companyId,
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
  return openSession(db, settings, user);
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
