import type { Role } from '../db/schema.ts';
import { scimBadRequest } from './errors.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** What a SCIM User body sets on a Cog-RAG user (userInputOf). */
export interface ScimUserInput {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The Cog-RAG display name: displayName, else name.formatted, else given + family, else userName. */
  displayName: string;
  /** Lower-cased; the primary e-mail, else the `work` one, else the first, else an e-mail userName. */
  email: string;
  /** Undefined: keep (a new user is active). */
  active: boolean | undefined;
  /** Undefined: keep (a new user is COMPANY_READER). */
  role: Role | undefined;
  /** Write-only (RFC 7643 §4.1.1 `password`); undefined: keep. */
  password: string | undefined;
}

/** The database row a SCIM User is shown from, with the user's groups. */
export interface ScimUserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  scim_user_name: string | null;
  scim_external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  created_at: Date;
  updated_at: Date;
  groups: { id: string; name: string }[];
}

/** A weak ETag from the last change (RFC 7644 §3.14): changes whenever `updated_at` does. */
export const versionOf = (updatedAt: Date) => `W/"${updatedAt.getTime().toString(36)}"`;

/** The SCIM User resource (RFC 7643 §4.1) of a row; `base` is the absolute `/scim/v2` URL. */
export function userResource(row: ScimUserRow, base: string) {
  const formatted = [row.given_name, row.family_name].filter(Boolean).join(' ') || row.name;
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.scim_external_id !== null ? { externalId: row.scim_external_id } : {}),
    userName: row.scim_user_name ?? row.email,
    name: {
      formatted,
      ...(row.given_name !== null ? { givenName: row.given_name } : {}),
      ...(row.family_name !== null ? { familyName: row.family_name } : {}),
    },
    displayName: row.name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: !row.disabled,
    roles: [{ value: row.role, primary: true }],
    groups: row.groups.map((g) => ({ value: g.id, display: g.name, $ref: `${base}/Groups/${g.id}` })),
    meta: {
      resourceType: 'User',
      created: row.created_at.toISOString(),
      lastModified: row.updated_at.toISOString(),
      location: `${base}/Users/${row.id}`,
      version: versionOf(row.updated_at),
    },
  };
}

/** The body's attributes with lower-cased names (RFC 7643 §2.1: names are case-insensitive). */
export function lowerKeys(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.toLowerCase(), x]));
}

/** Booleans as SCIM clients send them: `true`, or Entra's `"True"` / `"False"` strings. */
export function booleanOf(v: unknown, field: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw scimBadRequest('invalidValue', `${field} must be true or false`);
}

function stringOf(v: unknown, field: string, max = 255): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > max || v.includes('\0'))
    throw scimBadRequest('invalidValue', `${field} must be a string of at most ${max} characters`);
  return v.trim() || null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
const ROLES: Record<string, Role> = {
  company_admin: 'COMPANY_ADMIN',
  admin: 'COMPANY_ADMIN',
  company_editor: 'COMPANY_EDITOR',
  editor: 'COMPANY_EDITOR',
  company_reader: 'COMPANY_READER',
  reader: 'COMPANY_READER',
};

/** The primary (else `work`, else first) value of a multi-valued attribute. */
function pick(values: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(values)) return undefined;
  const all = values.map(lowerKeys);
  return (
    all.find((v) => v.primary === true || v.primary === 'True' || v.primary === 'true') ??
    all.find((v) => typeof v.type === 'string' && v.type.toLowerCase() === 'work') ??
    all[0]
  );
}

/**
 * Reads a SCIM User body (create or replace). Unknown attributes and extension schemas (Entra's
 * enterprise extension) are accepted and ignored. `roles` takes `COMPANY_READER`, `reader`, ….
 * @throws 400 `invalidValue` naming the attribute that is missing or wrong.
 */
export function userInputOf(body: unknown): ScimUserInput {
  const b = lowerKeys(body);
  const userName = stringOf(b.username, 'userName');
  if (!userName) throw scimBadRequest('invalidValue', 'userName is required');
  const name = lowerKeys(b.name);
  const givenName = stringOf(name.givenname, 'name.givenName');
  const familyName = stringOf(name.familyname, 'name.familyName');
  const emailValue = stringOf(pick(b.emails)?.value, 'emails.value', 254) ?? userName;
  if (!EMAIL.test(emailValue) || emailValue.length > 254)
    throw scimBadRequest('invalidValue', 'An e-mail address is required (emails, or a userName that is one)');
  const role = pick(b.roles)?.value;
  let mapped: Role | undefined;
  if (role !== undefined && role !== null && role !== '') {
    mapped = typeof role === 'string' ? ROLES[role.toLowerCase()] : undefined;
    if (!mapped)
      throw scimBadRequest(
        'invalidValue',
        'roles.value must be COMPANY_ADMIN, COMPANY_EDITOR or COMPANY_READER',
      );
  }
  const password = b.password;
  if (
    password !== undefined &&
    (typeof password !== 'string' || password.length < 8 || password.length > 1024)
  )
    throw scimBadRequest('invalidValue', 'password must be 8 to 1024 characters');
  return {
    userName,
    externalId: stringOf(b.externalid, 'externalId'),
    givenName,
    familyName,
    displayName:
      stringOf(b.displayname, 'displayName') ??
      stringOf(name.formatted, 'name.formatted') ??
      ([givenName, familyName].filter(Boolean).join(' ') || userName),
    email: emailValue.toLowerCase(),
    active: b.active === undefined || b.active === null ? undefined : booleanOf(b.active, 'active'),
    role: mapped,
    password,
  };
}
