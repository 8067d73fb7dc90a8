import { USER_SCHEMA } from './user-resource.ts';
import { GROUP_SCHEMA } from './groups.repository.ts';

/** The most resources one list answers (`count` above it is lowered to it; RFC 7644 §3.4.2.4). */
export const MAX_RESULTS = 200;
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type Attr = Record<string, unknown>;
/** An attribute definition (RFC 7643 §7) with the RFC's defaults for what is not said. */
function attr(name: string, type: string, more: Attr = {}): Attr {
  return {
    name,
    type,
    multiValued: false,
    description: name,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...(type === 'reference' ? { referenceTypes: ['User', 'Group'] } : {}),
    ...more,
  };
}
const multi = (name: string, sub: Attr[], more: Attr = {}) =>
  attr(name, 'complex', { multiValued: true, subAttributes: sub, ...more });

/** RFC 7643 §8.7.1 User, reduced to the attributes Cog-RAG keeps. */
const USER_ATTRIBUTES = [
  attr('userName', 'string', { required: true, uniqueness: 'server' }),
  attr('externalId', 'string', { caseExact: true }),
  attr('name', 'complex', {
    subAttributes: [attr('formatted', 'string'), attr('givenName', 'string'), attr('familyName', 'string')],
  }),
  attr('displayName', 'string'),
  attr('active', 'boolean'),
  attr('password', 'string', { mutability: 'writeOnly', returned: 'never' }),
  multi('emails', [attr('value', 'string'), attr('type', 'string'), attr('primary', 'boolean')]),
  multi('roles', [attr('value', 'string'), attr('primary', 'boolean')], {
    description: 'One of COMPANY_ADMIN, COMPANY_EDITOR, COMPANY_READER (default)',
  }),
  multi(
    'groups',
    [
      attr('value', 'string', { mutability: 'readOnly' }),
      attr('display', 'string', { mutability: 'readOnly' }),
      attr('$ref', 'reference', { mutability: 'readOnly' }),
    ],
    { mutability: 'readOnly' },
  ),
];

const GROUP_ATTRIBUTES = [
  attr('displayName', 'string', { required: true, uniqueness: 'server' }),
  attr('externalId', 'string', { caseExact: true }),
  multi('members', [
    attr('value', 'string', { mutability: 'immutable' }),
    attr('display', 'string'),
    attr('$ref', 'reference', { mutability: 'immutable' }),
  ]),
];

const meta = (base: string, resourceType: string, path: string) => ({
  resourceType,
  location: `${base}/${path}`,
});

/** GET /ServiceProviderConfig (RFC 7643 §5): what this service supports. */
export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: true },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A company SCIM token (scim_…), created with POST /api/scim-tokens',
        primary: true,
      },
    ],
    meta: meta(base, 'ServiceProviderConfig', 'ServiceProviderConfig'),
  };
}

/** The two resource types (RFC 7643 §6). */
export function resourceTypes(base: string) {
  return [
    { name: 'User', endpoint: '/Users', schema: USER_SCHEMA, description: 'A Cog-RAG user of the company' },
    {
      name: 'Group',
      endpoint: '/Groups',
      schema: GROUP_SCHEMA,
      description: 'A Cog-RAG group (topic access)',
    },
  ].map((t) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: t.name,
    ...t,
    meta: meta(base, 'ResourceType', `ResourceTypes/${t.name}`),
  }));
}

/** The User and Group schema definitions (RFC 7643 §7), with the attributes this service keeps. */
export function schemas(base: string) {
  return [
    { id: USER_SCHEMA, name: 'User', description: 'User Account', attributes: USER_ATTRIBUTES },
    { id: GROUP_SCHEMA, name: 'Group', description: 'Group', attributes: GROUP_ATTRIBUTES },
  ].map((s) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...s,
    meta: meta(base, 'Schema', `Schemas/${s.id}`),
  }));
}

/** A ListResponse (RFC 7644 §3.4.2). */
export function listResponse<T>(total: number, startIndex: number, resources: T[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
