import { sql, type Kysely } from 'kysely';
import type { DB, Role } from '../db/schema.ts';

/** A user as an admin sees it (`GET /api/users`). `status` `invited` = invitation not yet accepted. */
export interface UserDetail {
  id: string;
  email: string;
  name: string;
  role: Role;
  companyId: string;
  disabled: boolean;
  status: 'active' | 'invited' | 'disabled';
  createdAt: string;
  updatedAt: string;
}

const SORT = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name', email: 'email' } as const;

export interface UserListQuery {
  page: number;
  limit: number;
  sort: keyof typeof SORT;
  order: 'asc' | 'desc';
  role?: Role;
  /** Case-insensitive substring of the name or the e-mail. */
  search?: string;
}

const invitedExpr = sql<boolean>`exists (select 1 from invitations i where i.user_id = users.id and i.accepted_at is null)`;

function selectDetail(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'company_id', 'disabled', 'created_at', 'updated_at'])
    .select(invitedExpr.as('invited'))
    .where('company_id', '=', companyId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDetail>['executeTakeFirstOrThrow']>>;

const view = (r: Row): UserDetail => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  companyId: r.company_id,
  disabled: r.disabled,
  status: r.disabled ? 'disabled' : r.invited ? 'invited' : 'active',
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** One user of the company, or undefined (also for another company's user). */
export async function findUser(
  db: Kysely<DB>,
  companyId: string,
  id: string,
): Promise<UserDetail | undefined> {
  const row = await selectDetail(db, companyId).where('id', '=', id).executeTakeFirst();
  return row && view(row);
}

/** A page of the company's users, filtered by role and by name/e-mail substring. */
export async function listUsers(
  db: Kysely<DB>,
  companyId: string,
  q: UserListQuery,
): Promise<{ items: UserDetail[]; total: number }> {
  let base = db.selectFrom('users').where('company_id', '=', companyId);
  if (q.role) base = base.where('role', '=', q.role);
  if (q.search) {
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['name']), 'like', pattern), eb('email', 'like', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'email', 'name', 'role', 'company_id', 'disabled', 'created_at', 'updated_at'])
      .select(invitedExpr.as('invited'))
      .orderBy(SORT[q.sort], q.order)
      .orderBy('id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(view), total: Number(count.n) };
}

/**
 * Ids of the company's active admins (enabled, invitation accepted), locked `FOR UPDATE` so
 * two concurrent demotions cannot both pass the last-admin check. Call inside a transaction.
 */
export async function lockActiveAdmins(trx: Kysely<DB>, companyId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'COMPANY_ADMIN')
    .where('disabled', '=', false)
    .where(sql<boolean>`not ${invitedExpr}`)
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}
