import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { forbidden } from '../lib/errors.ts';
import { openSession, type AuthSettings, type TokenSet, type UserView } from './auth.service.ts';
import type { ProviderIdentity } from './providers/identity.ts';

/**
 * Who may sign in with a provider, in order:
 * 1. the user already linked to this provider account (`provider` + `subject`);
 * 2. an existing user with the same e-mail, linked now — unless that user is already linked to
 *    another account of the same provider (a second Microsoft tenant with the same e-mail stays
 *    apart); a pending invitation counts as accepted;
 * 3. a company whose `ssoDomains` setting claims the e-mail's domain: a new COMPANY_READER.
 * @throws 403 FORBIDDEN otherwise, or for a disabled user.
 */
export async function signInWithIdentity(
  db: Kysely<DB>,
  settings: AuthSettings,
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
  settings: AuthSettings,
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
    const domain = identity.email.split('@').pop()!;
    const company = await trx
      .selectFrom('companies')
      .select('id')
      .where(sql<boolean>`settings->'ssoDomains' ? ${domain}`)
      .executeTakeFirst();
    if (!company) {
      throw forbidden(
        'No account exists for this e-mail and no company accepts its domain; ask an admin for an invitation',
      );
    }
    const created = await trx
      .insertInto('users')
      .values({
        id: newId('usr'),
        company_id: company.id,
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
      email: identity.email,
    })
    .execute();
}
