import type { Role } from '../db/schema.ts';

/** What a route needs; the spec's RBAC table ("Roles (RBAC)") decides who has it. */
export type Permission = 'documents:read' | 'documents:write' | 'chat' | 'admin';

const GRANTS: Record<Role, readonly Permission[]> = {
  COMPANY_ADMIN: ['documents:read', 'documents:write', 'chat', 'admin'],
  COMPANY_EDITOR: ['documents:read', 'documents:write', 'chat'],
  COMPANY_READER: ['documents:read', 'chat'],
};

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** The least role holding `permission`, for the 403's `requiredRole`. */
export function leastRoleFor(permission: Permission): Role {
  for (const role of ['COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'] as const) {
    if (can(role, permission)) return role;
  }
  return 'COMPANY_ADMIN';
}
