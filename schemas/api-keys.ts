import { Type } from 'typebox';
import { Envelope, Id, Text, Timestamp } from './common.ts';

/** Exact host or `*.host`, lower-case, no scheme, port or path. */
const Domain = Type.String({
  maxLength: 253,
  pattern:
    '^(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$',
});

const Environment = Type.Enum(['live', 'test'], { description: 'Key prefix `svc_live_` or `svc_test_`' });

const apiKeyProperties = {
  id: Id(),
  name: Text(100),
  environment: Environment,
  keyPrefix: Text(64, { description: 'First characters of the key, to recognise it' }),
  authorizedDomains: Type.Array(Text(253), { maxItems: 50 }),
  lastUsedAt: Type.Union([Timestamp(), Type.Null()]),
  createdAt: Timestamp(),
};

/** An API key as listed: never the key itself. */
export const ApiKey = Type.Object(apiKeyProperties, { $id: 'ApiKey', additionalProperties: false });

export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    environment: Type.Optional({ ...Environment, default: 'live' }),
    authorizedDomains: Type.Optional(
      Type.Array(Domain, {
        maxItems: 50,
        description: 'Exact hosts or `*.host`; empty or absent: any origin',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreatedApiKey = Envelope(
  Type.Object(
    {
      ...apiKeyProperties,
      key: Text(200, { examples: ['svc_live_…'], description: 'The full key: shown in this response only' }),
    },
    { additionalProperties: false },
  ),
);

export const ApiKeyList = Envelope(
  Type.Object({ items: Type.Array(Type.Ref('ApiKey'), { maxItems: 1000 }) }, { additionalProperties: false }),
);

export const ApiKeyDeleted = Envelope(
  Type.Object({ id: Id(), deleted: Type.Literal(true) }, { additionalProperties: false }),
);
