import type { Kysely } from 'kysely';
import type { Config } from './config/index.ts';
import type { DB } from './db/schema.ts';
import { createCompanyWithAdmin, hasNoUsers } from './auth/auth.service.ts';

/**
 * First start: when no user exists and ADMIN_EMAIL/ADMIN_PASSWORD are set, creates the company
 * ADMIN_COMPANY and its COMPANY_ADMIN. Never a built-in password.
 * @returns what happened, for the start-up log.
 */
export async function bootstrapAdmin(
  db: Kysely<DB>,
  config: Config,
): Promise<'created' | 'exists' | 'not-configured'> {
  if (!(await hasNoUsers(db))) return 'exists';
  if (!config.admin) return 'not-configured';
  try {
    await createCompanyWithAdmin(db, {
      companyName: config.admin.company,
      email: config.admin.email,
      password: config.admin.password,
      name: config.admin.name,
    });
  } catch (err) {
    // Another replica starting at the same moment created it first (unique e-mail).
    if (!(await hasNoUsers(db))) return 'exists';
    throw err;
  }
  return 'created';
}
