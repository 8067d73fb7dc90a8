import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { conflict, forbidden, validationError } from '../lib/errors.ts';

/** Who may claim what: the operator's mapping and the refused free-mail domains (config). */
export interface DomainPolicy {
  /** Lower-case domains no company may claim (built-in list + FREE_MAIL_DOMAINS). */
  freeMail: ReadonlySet<string>;
  /** SSO_DOMAIN_OWNERS: domain → the company it belongs to (and the Entra tenant bound to it). */
  owners: ReadonlyMap<string, { companyId: string; tenantId: string | null }>;
}

/** The one answer to a claim without proof, the same whether or not another company holds it. */
const UNPROVEN =
  'Claiming this domain needs proof that it is yours: sign in to this account with Google (a Workspace account of the domain) or Microsoft (a work account of the domain) first, or ask the operator to map it (SSO_DOMAIN_OWNERS)';

/**
 * Sets the company's claimed e-mail domains to `domains` (lower-cased, deduplicated): domains it
 * holds are kept, others dropped, and each new one needs a proof checkable offline:
 * 1. the operator's mapping (SSO_DOMAIN_OWNERS) names this company;
 * 2. the claiming admin's linked Google account has `hd` (verified Workspace domain) = the domain;
 * 3. the admin's linked Microsoft work account has an e-mail in the domain: the claim is bound to
 *    that Entra tenant, and only that tenant's users join by it.
 * @returns the domains now held, for `settings.ssoDomains`.
 * @throws 400 for a free-mail domain; 403 without proof (also when the operator mapped the domain
 *   to another company: the answer never says whether or by whom a domain is held); 409 when a
 *   proven domain is held by another company (the message names neither).
 */
export async function claimDomains(
  db: Kysely<DB>,
  policy: DomainPolicy,
  admin: { companyId: string; userId: string },
  domains: string[],
): Promise<string[]> {
  const wanted = [...new Set(domains.map((d) => d.toLowerCase()))];
  const free = wanted.filter((d) => policy.freeMail.has(d));
  if (free.length > 0) {
    throw validationError(
      'Free-mail domains cannot be claimed',
      free.map(() => ({
        field: 'settings.ssoDomains',
        reason: 'is a free-mail domain anyone can get an address in',
      })),
    );
  }
  return db.transaction().execute(async (trx) => {
    const held = new Set(
      (
        await trx
          .selectFrom('company_domains')
          .select('domain')
          .where('company_id', '=', admin.companyId)
          .execute()
      ).map((r) => r.domain),
    );
    const identities = await trx
      .selectFrom('user_identities')
      .select(['provider', 'email', 'tenant_id', 'hosted_domain'])
      .where('user_id', '=', admin.userId)
      .execute();
    for (const domain of wanted.filter((d) => !held.has(d))) {
      const proof = proofOf(policy, admin.companyId, identities, domain);
      if (!proof) throw forbidden(UNPROVEN);
      const inserted = await trx
        .insertInto('company_domains')
        .values({
          domain,
          company_id: admin.companyId,
          proof: proof.kind,
          microsoft_tenant_id: proof.tenantId,
          claimed_by: admin.userId,
        })
        .onConflict((oc) => oc.column('domain').doNothing())
        .returning('domain')
        .executeTakeFirst();
      if (!inserted) {
        throw conflict('This domain is already claimed; if it is yours, ask the operator to map it');
      }
    }
    const dropped = [...held].filter((d) => !wanted.includes(d));
    if (dropped.length > 0) {
      await trx
        .deleteFrom('company_domains')
        .where('company_id', '=', admin.companyId)
        .where('domain', 'in', dropped)
        .execute();
    }
    return wanted;
  });
}

type Identity = { provider: string; email: string; tenant_id: string | null; hosted_domain: string | null };

function proofOf(policy: DomainPolicy, companyId: string, identities: Identity[], domain: string) {
  const mapped = policy.owners.get(domain);
  if (mapped)
    return mapped.companyId === companyId ? { kind: 'operator' as const, tenantId: mapped.tenantId } : null;
  if (identities.some((i) => i.provider === 'google' && i.hosted_domain === domain))
    return { kind: 'google' as const, tenantId: null };
  const microsoft = identities.find(
    (i) => i.provider === 'microsoft' && i.tenant_id && i.email.toLowerCase().endsWith(`@${domain}`),
  );
  return microsoft ? { kind: 'microsoft' as const, tenantId: microsoft.tenant_id } : null;
}

/**
 * The company a new user signing in with `identity` joins by their e-mail's domain, or null:
 * Google users need `hd` = the domain (a Workspace account of it, not a personal Google account
 * that happens to use the address); Microsoft users need the tenant the claim is bound to; users of
 * the operator's directory (`oidc:*`, `ldap`) any proven claim of a domain it vouches for. An
 * operator mapping (SSO_DOMAIN_OWNERS) wins over a stored claim.
 */
export async function companyForNewUser(
  db: Kysely<DB>,
  policy: DomainPolicy,
  identity: {
    provider: string;
    email: string;
    tenantId: string | null;
    hostedDomain?: string | null;
  },
): Promise<string | null> {
  const domain = identity.email.split('@').pop()!.toLowerCase();
  if (policy.freeMail.has(domain)) return null;
  const mapped = policy.owners.get(domain);
  const claim =
    mapped ??
    (await db
      .selectFrom('company_domains')
      .select(['company_id as companyId', 'microsoft_tenant_id as tenantId'])
      .where('domain', '=', domain)
      .executeTakeFirst());
  if (!claim) return null;
  if (identity.provider === 'google') return identity.hostedDomain === domain ? claim.companyId : null;
  // The operator's own directory (OpenID Connect, LDAP) is trusted with the domains its config
  // lists (checked by the caller, src/auth/directory/sign-in.ts): any proven claim counts.
  if (identity.provider !== 'microsoft') return claim.companyId;
  return claim.tenantId !== null && claim.tenantId === identity.tenantId ? claim.companyId : null;
}

/** Parses SSO_DOMAIN_OWNERS: `domain=comp_id[:entra-tenant-id]`, comma-separated. */
export function parseDomainOwners(
  value: string,
): Map<string, { companyId: string; tenantId: string | null }> {
  const owners = new Map<string, { companyId: string; tenantId: string | null }>();
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9.-]+)=([A-Za-z0-9_]+)(?::([0-9a-fA-F-]{36}))?$/i.exec(entry);
    if (!match) throw new Error(`SSO_DOMAIN_OWNERS: "${entry}" is not domain=comp_id[:tenant-id]`);
    owners.set(match[1]!.toLowerCase(), { companyId: match[2]!, tenantId: match[3]?.toLowerCase() ?? null });
  }
  return owners;
}
