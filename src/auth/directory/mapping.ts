import type { Role } from '../../db/schema.ts';

/**
 * How a directory's groups become Cog-RAG groups and a role (docs/auth.md "Groups that follow the
 * directory"). External names are compared case-insensitively, as given by the directory: a
 * Keycloak path (`/engineering`), a plain name (`engineering`) or an LDAP DN
 * (`cn=engineering,ou=groups,dc=example,dc=org`).
 */
export interface GroupMapping {
  /** External group (lower case) → the Cog-RAG group's name; created in the company if missing. */
  groups: ReadonlyMap<string, string>;
  /**
   * Also match by name: an external group whose short name (a DN's first value, a path's last
   * segment) equals an existing Cog-RAG group's name, case-insensitively, maps to it.
   */
  byName: boolean;
  /** External group (lower case) → role; the highest role of the user's groups wins. */
  roles: ReadonlyMap<string, Role>;
  /** The role when `roles` is set and none of the user's groups has one. */
  defaultRole: Role;
}

/** The roles, lowest first (a user in two mapped groups gets the higher role). */
export const ROLE_RANK: readonly Role[] = ['COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'];

/** No mapping: nothing is synchronised (the provider sends no groups, or they are ignored). */
export const NO_MAPPING: GroupMapping = {
  groups: new Map(),
  byName: false,
  roles: new Map(),
  defaultRole: 'COMPANY_READER',
};

/** A group's short name: `cn=Finance,ou=groups,…` → `finance`, `/staff/finance` → `finance`. */
export function shortName(external: string): string {
  const dn = /^\s*[a-z][a-z0-9-]*\s*=\s*((?:\\.|[^,\\])*)/i.exec(external);
  const name = dn && external.includes('=') ? dn[1]!.replace(/\\(.)/g, '$1') : external.split('/').pop()!;
  return name.trim().toLowerCase();
}

/**
 * Reads a mapping from a provider's JSON config: `groups` (object external → Cog-RAG group name),
 * `groupsByName` (boolean, default false), `roles` (object external → role), `defaultRole`.
 * @param where the config path for messages, e.g. `OIDC_PROVIDERS[0]`.
 * @throws Error naming the field when a value has the wrong shape or names an unknown role.
 */
export function parseGroupMapping(raw: Record<string, unknown>, where: string): GroupMapping {
  const groups = stringMap(raw.groups, `${where}.groups`);
  const roleNames = stringMap(raw.roles, `${where}.roles`);
  const roles = new Map<string, Role>();
  for (const [external, role] of roleNames)
    roles.set(external, asRole(role, `${where}.roles["${external}"]`));
  if (raw.groupsByName !== undefined && typeof raw.groupsByName !== 'boolean')
    throw new Error(`${where}.groupsByName must be true or false`);
  return {
    groups: new Map([...groups].map(([k, v]) => [k, v.trim()])),
    byName: raw.groupsByName === true,
    roles,
    defaultRole:
      raw.defaultRole === undefined ? 'COMPANY_READER' : asRole(raw.defaultRole, `${where}.defaultRole`),
  };
}

function stringMap(value: unknown, where: string): Map<string, string> {
  if (value === undefined) return new Map();
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where} must be an object of "external group": "value"`);
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || !v.trim() || v.length > 200)
      throw new Error(`${where}["${k}"] must be a non-empty string (≤ 200 characters)`);
    out.set(k.trim().toLowerCase(), v);
  }
  return out;
}

function asRole(value: unknown, where: string): Role {
  if (!ROLE_RANK.includes(value as Role)) throw new Error(`${where} must be one of ${ROLE_RANK.join(', ')}`);
  return value as Role;
}
