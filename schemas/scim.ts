import { Type } from 'typebox';
import { Id, Name, Timestamp } from './common.ts';

/**
 * Shapes of the SCIM 2.0 routes (/scim/v2, RFC 7643/7644) for the OpenAPI document. Loose on
 * purpose: SCIM attribute names are case-insensitive and identity providers add their own
 * extensions, so the routes read bodies themselves (src/scim/) and answer SCIM errors.
 */
export const ScimResource = Type.Object(
  {
    schemas: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 }),
    id: Type.Optional(Id()),
  },
  { additionalProperties: true, description: 'A SCIM resource (User, Group, Schema, ResourceType)' },
);

export const ScimBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'A SCIM User or Group (RFC 7643 §4), or a PatchOp (RFC 7644 §3.5.2), as `application/scim+json` or `application/json`',
  },
);

export const ScimListResponse = Type.Object(
  {
    schemas: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1 }),
    totalResults: Type.Integer({ minimum: 0, maximum: 2147483647, format: 'int32' }),
    startIndex: Type.Integer({ minimum: 1, maximum: 2147483647, format: 'int32' }),
    itemsPerPage: Type.Integer({ minimum: 0, maximum: 200, format: 'int32' }),
    Resources: Type.Array(ScimResource, { maxItems: 200 }),
  },
  { additionalProperties: true, description: 'RFC 7644 §3.4.2 ListResponse' },
);

export const ScimError = Type.Object(
  {
    schemas: Type.Array(Type.Literal('urn:ietf:params:scim:api:messages:2.0:Error'), { maxItems: 1 }),
    status: Type.String({ maxLength: 3 }),
    scimType: Type.Optional(Type.String({ maxLength: 40 })),
    detail: Type.String({ maxLength: 1000 }),
  },
  { $id: 'ScimError', additionalProperties: false, description: 'RFC 7644 §3.12 error' },
);

export const ScimListQuery = Type.Object(
  {
    filter: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: 'RFC 7644 §3.4.2.2, e.g. `userName eq "ann@example.com"`',
      }),
    ),
    startIndex: Type.Optional(
      Type.Integer({
        minimum: -2147483648,
        maximum: 2147483647,
        format: 'int32',
        description: '1-based; below 1 reads as 1',
      }),
    ),
    count: Type.Optional(
      Type.Integer({
        minimum: -2147483648,
        maximum: 2147483647,
        format: 'int32',
        description: 'Default 100, at most 200 are returned; below 0 reads as 0',
      }),
    ),
    attributes: Type.Optional(Type.String({ maxLength: 1000 })),
    excludedAttributes: Type.Optional(Type.String({ maxLength: 1000, description: '`members` skips them' })),
  },
  { additionalProperties: true },
);

export const ScimIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A SCIM token as listed by GET /api/scim-tokens. */
const scimTokenProperties = {
  id: Id(),
  name: Name(),
  tokenPrefix: Type.String({ maxLength: 20, description: '`scim_` and the first characters' }),
  tokenLast4: Type.String({ maxLength: 4 }),
  createdAt: Timestamp(),
  rotatedAt: Type.Union([Timestamp(), Type.Null()]),
  lastUsedAt: Type.Union([Timestamp(), Type.Null()]),
};
export const ScimToken = Type.Object(scimTokenProperties, { additionalProperties: false });
export const CreatedScimToken = Type.Object(
  {
    ...scimTokenProperties,
    token: Type.String({ maxLength: 100, description: 'The bearer token: shown in this response only' }),
  },
  { additionalProperties: false },
);
export const ScimTokenCreateBody = Type.Object(
  { name: Name({ minLength: 1, description: 'What the token is for, e.g. "Okta"' }) },
  { additionalProperties: false },
);
