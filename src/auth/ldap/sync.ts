import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import type { LdapConfig } from '../../config/ldap.ts';
import { syncUserGroups } from '../directory/groups.ts';
import type { Revocations } from '../revocations.ts';
import { readUser } from './directory.ts';

export interface LdapSyncDeps {
  db: Kysely<DB>;
  config: LdapConfig;
  revocations: Revocations;
}

/** What one pass did: entries read, users whose groups or role changed, entries gone. */
export interface LdapSyncReport {
  checked: number;
  changed: number;
  gone: number;
}

/**
 * Re-reads every LDAP user's entry (by the DN kept at sign-in, with the service account) and
 * applies its groups through the mapping (directory/groups.ts), so topic access follows the
 * directory without a sign-in. An entry that is gone counts as in no group: its directory-made
 * memberships end (the account itself stays; disabling leavers is SCIM's or an admin's job).
 * Disabled users are skipped. @throws 503 (AppError) when the directory cannot be reached.
 */
export async function syncLdapGroups(deps: LdapSyncDeps): Promise<LdapSyncReport> {
  const rows = await deps.db
    .selectFrom('user_identities as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['u.id as userId', 'u.company_id as companyId', 'i.directory_dn as dn', 'i.subject'])
    .where('i.provider', '=', 'ldap')
    .where('i.directory_dn', 'is not', null)
    .where('u.disabled', '=', false)
    .execute();
  const report: LdapSyncReport = { checked: 0, changed: 0, gone: 0 };
  for (const row of rows) {
    const entry = await readUser(deps.config, row.dn!);
    report.checked++;
    if (!entry) report.gone++;
    const externalGroups = entry?.groups ?? [];
    const result = await syncUserGroups(deps.db, {
      companyId: row.companyId,
      userId: row.userId,
      externalGroups,
      mapping: deps.config.mapping,
      source: 'ldap',
    });
    await deps.db
      .updateTable('user_identities')
      .set({ directory_groups: JSON.stringify(externalGroups), directory_synced_at: new Date() })
      .where('provider', '=', 'ldap')
      .where('subject', '=', row.subject)
      .execute();
    if (result.changed) {
      report.changed++;
      deps.revocations.invalidate({ kind: 'user', id: row.userId });
    }
  }
  return report;
}

/**
 * Runs `syncLdapGroups` every `intervalSeconds` (LDAP_SYNC_INTERVAL_SECONDS) in the worker; one
 * pass at a time, failures logged. Needs the service account (bindDn): without one it does not
 * start. Replicas each run it; a pass is idempotent.
 */
export function startLdapSync(
  deps: LdapSyncDeps,
  options: { log: FastifyBaseLogger },
): { stop(): Promise<void> } | null {
  const seconds = deps.config.syncIntervalSeconds;
  if (seconds === 0 || !deps.config.bindDn) return null;
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= syncLdapGroups(deps)
      .then((report) => options.log.info(report, 'LDAP group sync'))
      .catch((err: unknown) => options.log.warn({ err }, 'LDAP group sync failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(pass, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
