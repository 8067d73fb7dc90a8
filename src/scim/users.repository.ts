import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import type { Revocations } from '../auth/revocations.ts';
import { updateUser } from '../users/users.service.ts';
import type { Filter } from './filter.ts';
import { filterSql, text, type AttrMap } from './filter-sql.ts';
import { ScimError, scimNotFound } from './errors.ts';
import type { ScimUserInput, ScimUserRow } from './user-resource.ts';

const bool = (expr: ReturnType<typeof sql>) => ({
  kind: 'scalar' as const,
  expr,
  type: 'boolean' as const,
  caseExact: true,
});
const date = (expr: ReturnType<typeof sql>) => ({
  kind: 'scalar' as const,
  expr,
  type: 'dateTime' as const,
  caseExact: true,
});

/** The User attributes a filter may name (lower-case), over `users u` (RFC 7643 §4.1). */
const USER_ATTRS: AttrMap = {
  id: text(sql.ref('u.id'), true),
  username: text(sql`coalesce(u.scim_user_name, u.email)`),
  externalid: text(sql.ref('u.scim_external_id'), true),
  displayname: text(sql.ref('u.name')),
  'name.givenname': text(sql.ref('u.given_name')),
  'name.familyname': text(sql.ref('u.family_name')),
  active: bool(sql`(not u.disabled)`),
  'meta.created': date(sql.ref('u.created_at')),
  'meta.lastmodified': date(sql.ref('u.updated_at')),
  // One e-mail per user, of type `work` and primary: the condition applies to the row itself.
  emails: {
    kind: 'multi',
    sub: { value: text(sql.ref('u.email')), type: text(sql`'work'`), primary: bool(sql`true`) },
    within: (c) => c,
  },
  groups: {
    kind: 'multi',
    sub: { value: text(sql.ref('gm.group_id'), true), display: text(sql.ref('g.name')) },
    within: (c) => sql<boolean>`exists (select 1 from group_members gm join groups g on g.id = gm.group_id
      where gm.user_id = u.id and ${c})`,
  },
};

function selectUsers(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('users as u')
    .where('u.company_id', '=', companyId)
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.disabled',
      'u.scim_user_name',
      'u.scim_external_id',
      'u.given_name',
      'u.family_name',
      'u.created_at',
      'u.updated_at',
      sql<
        { id: string; name: string }[]
      >`coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name)
        order by g.name, g.id) from group_members gm join groups g on g.id = gm.group_id
        where gm.user_id = u.id), '[]'::jsonb)`.as('groups'),
    ]);
}

/**
 * One page of the company's users matching `filter`, oldest first (a stable order for
 * `startIndex`, which is 1-based as in RFC 7644 §3.4.2.4), and how many match in all.
 */
export async function listScimUsers(
  db: Kysely<DB>,
  companyId: string,
  page: { filter?: Filter; startIndex: number; count: number },
): Promise<{ total: number; rows: ScimUserRow[] }> {
  const where = page.filter ? filterSql(page.filter, USER_ATTRS) : sql<boolean>`true`;
  const { total } = await db
    .selectFrom('users as u')
    .where('u.company_id', '=', companyId)
    .where(where)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const rows =
    page.count === 0
      ? []
      : await selectUsers(db, companyId)
          .where(where)
          .orderBy('u.created_at')
          .orderBy('u.id')
          .offset(page.startIndex - 1)
          .limit(page.count)
          .execute();
  return { total: Number(total), rows: rows as ScimUserRow[] };
}

/** The company's user `id`. @throws 404 (also for another company's user: decided in the query). */
export async function getScimUser(db: Kysely<DB>, companyId: string, id: string): Promise<ScimUserRow> {
  const row = await selectUsers(db, companyId).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw scimNotFound('User');
  return row as ScimUserRow;
}

/** @throws 409 `uniqueness` when the e-mail (unique across companies) or the company's userName is taken. */
async function assertUnique(
  db: Kysely<DB>,
  companyId: string,
  input: ScimUserInput,
  exceptId: string | null,
) {
  const taken = await db
    .selectFrom('users')
    .select(['id', sql<boolean>`email = ${input.email}`.as('same_email')])
    .where((eb) =>
      eb.or([
        eb('email', '=', input.email),
        eb.and([
          eb('company_id', '=', companyId),
          eb(sql`lower(coalesce(scim_user_name, email))`, '=', input.userName.toLowerCase()),
        ]),
      ]),
    )
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (taken)
    throw new ScimError(
      409,
      taken.same_email ? 'A user with this e-mail already exists' : 'userName is taken',
      'uniqueness',
    );
}

const uniqueViolation = (err: unknown) => {
  if ((err as { code?: string }).code === '23505')
    throw new ScimError(409, 'userName or e-mail is taken', 'uniqueness');
  throw err;
};

/** Creates the company's user from a SCIM User (role COMPANY_READER unless `roles` says). @returns its id. */
export async function createScimUser(
  db: Kysely<DB>,
  companyId: string,
  input: ScimUserInput,
): Promise<string> {
  await assertUnique(db, companyId, input, null);
  const id = newId('usr');
  await db
    .insertInto('users')
    .values({
      id,
      company_id: companyId,
      email: input.email,
      name: input.displayName,
      role: input.role ?? 'COMPANY_READER',
      disabled: input.active === false,
      password_hash: input.password ? await hashPassword(input.password) : null,
      scim_user_name: input.userName,
      scim_external_id: input.externalId,
      given_name: input.givenName,
      family_name: input.familyName,
    })
    .execute()
    .catch(uniqueViolation);
  return id;
}

/**
 * Replaces a user's SCIM attributes (PUT, and PATCH once applied). Deactivation (`active: false`),
 * a demotion or a new password end the user's sessions and refresh tokens at once, and every
 * replica drops its cached session (users.service.ts updateUser; auth-cache.ts).
 * @throws 404; 409 `uniqueness`; 409 for the company's last active admin.
 */
export async function replaceScimUser(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  input: ScimUserInput,
  revocations: Revocations,
): Promise<void> {
  await getScimUser(db, companyId, id);
  await assertUnique(db, companyId, input, id);
  await updateUser(
    db,
    companyId,
    id,
    {
      name: input.displayName,
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(input.active !== undefined ? { disabled: !input.active } : {}),
    },
    revocations,
  );
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        email: input.email,
        scim_user_name: input.userName,
        scim_external_id: input.externalId,
        given_name: input.givenName,
        family_name: input.familyName,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute()
      .catch(uniqueViolation);
    if (passwordHash) await revokeUserSessions(trx, id);
  });
  // The cached session carries the e-mail too: drop it after this change as well.
  revocations.invalidate({ kind: 'user', id });
}
