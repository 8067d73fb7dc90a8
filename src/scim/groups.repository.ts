import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { saveGroup } from '../access/groups.repository.ts';
import type { Filter } from './filter.ts';
import { filterSql, text, type AttrMap } from './filter-sql.ts';
import { scimBadRequest, scimNotFound } from './errors.ts';
import { lowerKeys, versionOf } from './user-resource.ts';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** A Cog-RAG group as SCIM shows it (src/access/groups.repository.ts: topic grants go to groups). */
export interface ScimGroupRow {
  id: string;
  name: string;
  scim_external_id: string | null;
  created_at: Date;
  updated_at: Date;
  members: { id: string; name: string }[];
}

const GROUP_ATTRS: AttrMap = {
  id: text(sql.ref('g.id'), true),
  displayname: text(sql.ref('g.name')),
  externalid: text(sql.ref('g.scim_external_id'), true),
  'meta.created': { kind: 'scalar', expr: sql.ref('g.created_at'), type: 'dateTime', caseExact: true },
  'meta.lastmodified': { kind: 'scalar', expr: sql.ref('g.updated_at'), type: 'dateTime', caseExact: true },
  members: {
    kind: 'multi',
    sub: { value: text(sql.ref('gm.user_id'), true), display: text(sql.ref('mu.name')) },
    within: (c) => sql<boolean>`exists (select 1 from group_members gm join users mu on mu.id = gm.user_id
      where gm.group_id = g.id and ${c})`,
  },
};

function selectGroups(db: Kysely<DB>, companyId: string, withMembers: boolean) {
  return db
    .selectFrom('groups as g')
    .where('g.company_id', '=', companyId)
    .select(['g.id', 'g.name', 'g.scim_external_id', 'g.created_at', 'g.updated_at'])
    .select(
      withMembers
        ? sql<
            ScimGroupRow['members']
          >`coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name)
            order by u.id) from group_members gm join users u on u.id = gm.user_id where gm.group_id = g.id),
            '[]'::jsonb)`.as('members')
        : sql<ScimGroupRow['members']>`'[]'::jsonb`.as('members'),
    );
}

/** The SCIM Group resource (RFC 7643 §4.2) of a row; `base` is the absolute `/scim/v2` URL. */
export function groupResource(row: ScimGroupRow, base: string, withMembers = true) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.scim_external_id !== null ? { externalId: row.scim_external_id } : {}),
    displayName: row.name,
    ...(withMembers
      ? { members: row.members.map((m) => ({ value: m.id, display: m.name, $ref: `${base}/Users/${m.id}` })) }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.created_at.toISOString(),
      lastModified: row.updated_at.toISOString(),
      location: `${base}/Groups/${row.id}`,
      version: versionOf(row.updated_at),
    },
  };
}

/**
 * One page of the company's groups matching `filter`, oldest first, and how many match.
 * `withMembers` false (`excludedAttributes=members`, as Entra and Okta ask) skips the members query.
 */
export async function listScimGroups(
  db: Kysely<DB>,
  companyId: string,
  page: { filter?: Filter; startIndex: number; count: number; withMembers: boolean },
): Promise<{ total: number; rows: ScimGroupRow[] }> {
  const where = page.filter ? filterSql(page.filter, GROUP_ATTRS) : sql<boolean>`true`;
  const { total } = await db
    .selectFrom('groups as g')
    .where('g.company_id', '=', companyId)
    .where(where)
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const rows =
    page.count === 0
      ? []
      : await selectGroups(db, companyId, page.withMembers)
          .where(where)
          .orderBy('g.created_at')
          .orderBy('g.id')
          .offset(page.startIndex - 1)
          .limit(page.count)
          .execute();
  return { total: Number(total), rows };
}

/** The company's group `id` with its members. @throws 404 (another company's group too). */
export async function getScimGroup(db: Kysely<DB>, companyId: string, id: string): Promise<ScimGroupRow> {
  const row = await selectGroups(db, companyId, true).where('g.id', '=', id).executeTakeFirst();
  if (!row) throw scimNotFound('Group');
  return row;
}

/**
 * Reads a SCIM Group body (create, replace, or a patched resource): `displayName` (required),
 * `externalId`, `members[].value` (user ids of the company; saveGroup refuses others with 400).
 */
export function groupInputOf(body: unknown) {
  const b = lowerKeys(body);
  const name = b.displayname;
  if (typeof name !== 'string' || !name.trim() || name.length > 255)
    throw scimBadRequest('invalidValue', 'displayName is required (at most 255 characters)');
  const ext = b.externalid;
  if (ext !== undefined && ext !== null && (typeof ext !== 'string' || ext.length > 255))
    throw scimBadRequest('invalidValue', 'externalId must be a string');
  if (b.members !== undefined && b.members !== null && !Array.isArray(b.members))
    throw scimBadRequest('invalidValue', 'members must be an array');
  const members = ((b.members as unknown[] | undefined) ?? []).map((m) => lowerKeys(m).value);
  if (members.some((m) => typeof m !== 'string' || m.length > 64))
    throw scimBadRequest('invalidValue', 'members[].value must be a user id');
  return {
    name: name.trim(),
    externalId: (ext as string | undefined) || null,
    memberIds: members as string[],
  };
}

/**
 * Creates (`id` null) or replaces a group and its whole membership in one transaction; topic
 * access follows on every session's next request (access is decided in each query).
 * @throws 409 for a name another group has; 400 for members that are not the company's users.
 */
export async function saveScimGroup(
  db: Kysely<DB>,
  companyId: string,
  id: string | null,
  input: ReturnType<typeof groupInputOf>,
): Promise<string> {
  const groupId = await saveGroup(db, companyId, id, { name: input.name, memberIds: input.memberIds });
  await db
    .updateTable('groups')
    .set({ scim_external_id: input.externalId })
    .where('id', '=', groupId)
    .where('company_id', '=', companyId)
    .execute();
  return groupId;
}
