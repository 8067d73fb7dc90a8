import { Type } from 'typebox';
import { Envelope, Id, Text, Timestamp } from './common.ts';

/**
 * `[http://|https://][*.]host[:port]`: an exact host or `*.host` (subdomains at any depth, not the
 * apex), with an optional scheme and port. Stored lower-cased and punycoded; an IDN host is accepted
 * in Unicode. Without a port, only the scheme's default port matches.
 */
const Domain = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: '^([hH][tT][tT][pP][sS]?://)?(\\*\\.)?[^/:?#\\s*@\\[\\]]+(:[0-9]{1,5})?/?$',
  examples: ['*.example.com', 'https://shop.example.com', 'localhost:5173'],
});

const Domains = Type.Array(Domain, {
  maxItems: 50,
  description:
    'Origins allowed to use the key: `[scheme://][*.]host[:port]`. Empty or absent: any web site may use the key (`anyOrigin: true`).',
});

const RequireHttps = Type.Boolean({
  description: 'Refuse requests whose origin is not `https://` (403), whatever the domains',
});

const AllDocuments = Type.Boolean({
  description:
    'Answer from every document of the company, present and future (explicit; the console flags such keys). False: only `topicIds`',
});

const TopicIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: 1000,
  description:
    'The topics the key may answer from (replaces the list). A request’s `topicId` narrows this, never widens it',
});

const AllowOriginals = Type.Boolean({
  description:
    'Visitors may open the original files of the documents the key answers from: public answers then carry a signed, 10-minute `originalUrl` per cited document (`GET /api/public/documents/{id}/file`). False (default): only the cited passage is shown',
});

const Environment = Type.Enum(['live', 'test'], { description: 'Key prefix `svc_live_` or `svc_test_`' });

const apiKeyProperties = {
  id: Id(),
  name: Text(100),
  environment: Environment,
  keyPrefix: Text(64, { description: 'First characters of the key, to recognise it' }),
  keyLast4: Type.Union([Text(4), Type.Null()], {
    description: 'Last four characters of the key; null for keys made before they were kept',
  }),
  authorizedDomains: Type.Array(Text(300), { maxItems: 50 }),
  requireHttps: Type.Boolean(),
  anyOrigin: Type.Boolean({
    description:
      'True when the key has no authorized domains: any web site can use it (a warning for widget keys)',
  }),
  allDocuments: Type.Boolean({
    description:
      'True when the key answers from every document of the company, unfiled ones included (a warning for widget keys, like `anyOrigin`)',
  }),
  topicIds: Type.Array(Id(), {
    maxItems: 10_000,
    description: 'The topics the key answers from while `allDocuments` is false; empty: none',
  }),
  visitorTokens: Type.Enum(['none', 'hs256', 'rs256'], {
    description: 'How the key verifies signed visitors’ tokens (`X-Visitor-Token`); `none`: it takes none',
  }),
  visitorJwksUrl: Type.Union([Text(2000), Type.Null()], {
    description: 'The JWKS URL RS256 visitor tokens are verified against; null: none',
  }),
  requireVisitor: Type.Boolean({ description: 'Requests without a visitor token are refused (401)' }),
  allowOriginals: AllowOriginals,
  lastUsedAt: Type.Union([Timestamp(), Type.Null()]),
  createdAt: Timestamp(),
};

/** An API key as listed: never the key itself. */
export const ApiKey = Type.Object(apiKeyProperties, { $id: 'ApiKey', additionalProperties: false });

export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    environment: Type.Optional({ ...Environment, default: 'live' }),
    authorizedDomains: Type.Optional(Domains),
    requireHttps: Type.Optional({ ...RequireHttps, default: false }),
    allDocuments: Type.Optional({ ...AllDocuments, default: false }),
    topicIds: Type.Optional(TopicIds),
    allowOriginals: Type.Optional({ ...AllowOriginals, default: false }),
  },
  { additionalProperties: false },
);

/** PUT /api/api-keys/:id: fields absent keep their value. */
export const ApiKeyUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    authorizedDomains: Type.Optional(Domains),
    requireHttps: Type.Optional(RequireHttps),
    allDocuments: Type.Optional(AllDocuments),
    topicIds: Type.Optional(TopicIds),
    visitorJwksUrl: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' }), Type.Null()], {
        description:
          'Verify RS256 visitor tokens with the keys at this JWKS URL; replaces an HS256 secret. null: none. Checked when set, as webhook URLs are (400 `VALIDATION_ERROR`, field `visitorJwksUrl`): http(s), no `user:password@`, and a host that is public (an IP literal in any spelling, or every address its name resolves to) unless the operator granted this company that exact `host:port` in `WEBHOOK_PRIVATE_TARGETS`. Fetched under the same tenant policy, checked again at connection time; never through `OUTBOUND_ALLOWLIST`',
      }),
    ),
    requireVisitor: Type.Optional(Type.Boolean({ description: 'Refuse requests without a visitor token' })),
    allowOriginals: Type.Optional(AllowOriginals),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ApiKeyResponse = Envelope(Type.Ref('ApiKey'));

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

/** POST /api/api-keys/:id/visitor-secret: the HS256 secret, in this response only. */
export const VisitorSecretResponse = Envelope(
  Type.Object(
    {
      id: Id(),
      visitorSecret: Text(200, {
        description: 'The HS256 signing secret for visitor tokens: shown in this response only',
      }),
    },
    { additionalProperties: false },
  ),
);
