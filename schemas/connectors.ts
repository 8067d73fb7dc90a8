import { Type } from 'typebox';
import { Count, Envelope, Id, ListQuery, Name, Paginated, Text, Timestamp } from './common.ts';

const kindOf = (options: object = {}) =>
  Type.Enum(['folder', 'web', 's3', 'imap', 'webdav'], {
    description: 'Source type (docs/connectors.md "Sources")',
    ...options,
  });
const Kind = kindOf();
const Strings = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50, description });

/** Every source's settings in one object; which fields apply depends on `kind` (checked per kind, 400 otherwise). */
const configOf = (options: object = {}) =>
  Type.Object(
    {
      path: Type.Optional(
        Text(1000, { description: 'folder (required): absolute path below CONNECTOR_FOLDER_ROOTS' }),
      ),
      include: Type.Optional(Strings('folder: globs of relative paths to take (default all)')),
      exclude: Type.Optional(Strings('folder: globs of relative paths to leave out')),
      startUrls: Type.Optional(Strings('web (this, `sitemapUrl` or both): pages the crawl starts from')),
      sitemapUrl: Type.Optional(
        Text(2000, {
          description: 'web (this, `startUrls` or both): a sitemap.xml whose URLs are start pages',
        }),
      ),
      endpoint: Type.Optional(Text(2000, { description: 's3: endpoint URL (MinIO, Ceph); empty for AWS' })),
      region: Type.Optional(Text(64, { description: 's3: region, default us-east-1' })),
      bucket: Type.Optional(
        Text(63, { pattern: '^[a-z0-9][a-z0-9.-]{1,62}$', description: 's3 (required): bucket name' }),
      ),
      prefix: Type.Optional(Text(1000, { description: 's3: key prefix' })),
      accessKeyId: Type.Optional(
        Text(256, { description: 's3: access key id (the secret key goes in `secret`)' }),
      ),
      forcePathStyle: Type.Optional(Type.Boolean({ description: 's3: path-style addressing (MinIO)' })),
      host: Type.Optional(Text(255, { description: 'imap (required): server host' })),
      port: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 65535, description: 'imap: port, default 993' }),
      ),
      tls: Type.Optional(Type.Boolean({ description: 'imap: implicit TLS, default true' })),
      username: Type.Optional(
        Text(255, {
          description: 'imap (required), webdav: user name (the password goes in `secret`)',
        }),
      ),
      mailbox: Type.Optional(Text(255, { description: 'imap: mailbox folder, default INBOX' })),
      url: Type.Optional(Text(2000, { description: 'webdav (required): collection URL' })),
    },
    { additionalProperties: false, ...options },
  );
const ConnectorConfig = configOf();

const Limits = Type.Object(
  {
    maxItems: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Items listed per sync, at most' }),
    maxBytes: Type.Integer({
      minimum: 1,
      maximum: 2 ** 42,
      description: 'Bytes downloaded per sync, at most',
    }),
    maxDepth: Type.Integer({ minimum: 0, maximum: 50, description: 'Folder levels or link hops, at most' }),
  },
  { additionalProperties: false },
);

const Counts = {
  listed: Count({ description: 'Items listed at the source' }),
  added: Count(),
  updated: Count(),
  moved: Count({ description: 'Items whose bytes reappeared under another key: renamed, not re-embedded' }),
  deleted: Count(),
  unchanged: Count({ description: 'Items that cost a listing only (or a download with the same bytes)' }),
  failed: Count(),
  embedded: Count({ description: 'Documents sent to parse and embed by this run' }),
  bytes: Count({ description: 'Bytes downloaded' }),
};

/** One sync of a connector. */
export const ConnectorRun = Type.Object(
  {
    id: Id(),
    connectorId: Id(),
    trigger: Type.Enum(['manual', 'schedule']),
    status: Type.Enum(['queued', 'running', 'completed', 'failed']),
    ...Counts,
    truncated: Type.Boolean({ description: 'A limit stopped the sync; nothing was deleted' }),
    error: Type.Union([Text(2000), Type.Null()]),
    errors: Type.Array(
      Type.Object({ item: Text(4000), error: Text(2000) }, { additionalProperties: false }),
      {
        maxItems: 100,
        description: 'Per-item errors (the first 100)',
      },
    ),
    createdAt: Timestamp(),
    startedAt: Type.Union([Timestamp(), Type.Null()]),
    finishedAt: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'ConnectorRun', additionalProperties: false },
);

/** A connector as the API shows it: never its secret. */
export const Connector = Type.Object(
  {
    id: Id(),
    name: Name(),
    kind: Type.Unsafe<string>(Kind),
    topicId: Type.Union([Id(), Type.Null()]),
    config: ConnectorConfig,
    hasSecret: Type.Boolean({ description: 'A secret is stored (it is never returned)' }),
    intervalMinutes: Type.Union([Type.Integer({ minimum: 1, maximum: 525600 }), Type.Null()]),
    enabled: Type.Boolean(),
    limits: Limits,
    nextSyncAt: Type.Union([Timestamp(), Type.Null()]),
    lastRun: Type.Union([Type.Ref('ConnectorRun'), Type.Null()]),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Connector', additionalProperties: false },
);

const writable = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  topicId: Type.Union([
    Id({ description: 'Topic the documents land in (its permissions apply)' }),
    Type.Null(),
  ]),
  config: ConnectorConfig,
  secret: Type.String({
    minLength: 1,
    maxLength: 4096,
    description: 'Password or secret key; stored encrypted, never returned',
  }),
  intervalMinutes: Type.Union([Type.Integer({ minimum: 5, maximum: 525600 }), Type.Null()], {
    description: 'Minutes between scheduled syncs; null = "sync now" only',
  }),
  enabled: Type.Boolean(),
  limits: Type.Partial(Limits, { additionalProperties: false }),
};

/**
 * What each kind requires of `config`, as the schema's `if`/`then`/`else` chain on the creating
 * body (JSON Schema 2020-12, OpenAPI 3.1): the document states it and the validator enforces it
 * (400 naming `config.<field>`), the same rule src/connectors/config.ts applies. What no schema can
 * say (hosts that resolve to a reachable address, folders below CONNECTOR_FOLDER_ROOTS) is checked
 * there. Client generators ignore the chain: the fields stay optional in generated types.
 */
/** `config` requires `fields` (each declared here too: a schema lists what it requires). */
const needs = (...fields: string[]) => ({
  required: fields,
  // Not empty; the field's type and bounds are its own schema's (a `type` here would need them all).
  properties: Object.fromEntries(fields.map((f) => [f, { minLength: 1 }])),
});
const REQUIRED_BY_KIND: [string, Record<string, unknown>][] = [
  ['folder', needs('path')],
  [
    'web',
    {
      anyOf: [{ required: ['startUrls'], properties: { startUrls: { minItems: 1 } } }, needs('sitemapUrl')],
    },
  ],
  ['s3', needs('bucket')],
  ['imap', needs('host', 'username')],
  ['webdav', needs('url')],
];
/**
 * The chain for a body with properties `keys`. Each `if` and `then` also names the body's other
 * properties with an empty schema (which allows anything): Redocly's example check treats every
 * schema with `properties` as closed to others, and would otherwise refuse every example body.
 */
const configByKind = (keys: string[]) =>
  REQUIRED_BY_KIND.reduceRight<Record<string, unknown> | undefined>((otherwise, [kind, config]) => {
    const others = Object.fromEntries(keys.map((k) => [k, {}]));
    return {
      if: { properties: { ...others, kind: { const: kind } }, required: ['kind'] },
      then: { properties: { ...others, config } },
      ...(otherwise ? { else: otherwise } : {}),
    };
  }, undefined)!;

const createConnectorProperties = {
  name: writable.name,
  // Examples for the document's request example (plugins/openapi/samples.ts): a config its kind
  // accepts, as the `if`/`then` chain below requires.
  kind: kindOf({ examples: ['web'] }),
  config: configOf({ examples: [{ sitemapUrl: 'https://intranet.example/sitemap.xml' }] }),
  topicId: Type.Optional(writable.topicId),
  secret: Type.Optional(writable.secret),
  intervalMinutes: Type.Optional(writable.intervalMinutes),
  enabled: Type.Optional(writable.enabled),
  limits: Type.Optional(writable.limits),
};

export const CreateConnectorBody = Type.Object(createConnectorProperties, {
  additionalProperties: false,
  description:
    '`config` takes the fields of its `kind`: folder `path`; web `startUrls` and/or `sitemapUrl`; s3 `bucket`; imap `host` and `username`; webdav `url` (each field says which kind it is for).',
  ...configByKind(Object.keys(createConnectorProperties)),
});

export const UpdateConnectorBody = Type.Object(
  {
    name: Type.Optional(writable.name),
    config: Type.Optional(writable.config),
    topicId: Type.Optional(writable.topicId),
    secret: Type.Optional(Type.Union([writable.secret, Type.Null()])),
    intervalMinutes: Type.Optional(writable.intervalMinutes),
    enabled: Type.Optional(writable.enabled),
    limits: Type.Optional(writable.limits),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** A document a sync removed, recoverable until `purgeAfter` (docs/connectors.md "Removed documents"). */
export const RemovedDocument = Type.Object(
  {
    id: Id({ description: 'The document id it had, and gets back when restored' }),
    connectorId: Id(),
    itemKey: Text(4000, { description: 'The source item it mirrored (relative path, URL, object key)' }),
    name: Name(),
    mimeType: Text(255),
    sizeBytes: Count(),
    status: Text(32, { description: 'Its status when removed (VECTORIZED, ERROR, …)' }),
    chunkCount: Type.Union([Count(), Type.Null()]),
    attachments: Count({ description: 'Attachment documents removed (and restored) with it' }),
    removedAt: Timestamp(),
    purgeAfter: Timestamp({ description: 'removedAt + CONNECTOR_RETENTION_DAYS: purged after it' }),
  },
  { $id: 'RemovedDocument', additionalProperties: false },
);
export const RemovedDocumentList = Paginated(Type.Ref('RemovedDocument'));
export const RemovedDocumentParams = Type.Object(
  { id: Id(), documentId: Id() },
  { additionalProperties: false },
);
export const RestoreQuery = Type.Object(
  {
    detach: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true: the document comes back as an ordinary document the connector no longer manages (kept even if the source no longer has the item)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ConnectorList = Paginated(Type.Ref('Connector'));
export const ConnectorRunList = Paginated(Type.Ref('ConnectorRun'));
export const ConnectorResponse = Envelope(Type.Ref('Connector'));
export const ConnectorRunResponse = Envelope(Type.Ref('ConnectorRun'));
export const ConnectorPageQuery = Type.Object(
  { page: ListQuery.page, limit: ListQuery.limit },
  { additionalProperties: false },
);

const connectorTestProperties = {
  kind: kindOf({ examples: ['web'] }),
  config: configOf({ examples: [{ startUrls: ['https://intranet.example/'] }] }),
  secret: Type.Optional(writable.secret),
  connectorId: Type.Optional(
    Id({
      description:
        'Testing changes to this saved connector: its stored secret is used unless `secret` is given',
    }),
  ),
};

/** `POST /api/connectors/test`: a config to try before saving it. */
export const ConnectorTestBody = Type.Object(connectorTestProperties, {
  additionalProperties: false,
  description: 'The `kind`, `config` and `secret` a create or update would send; nothing is stored.',
  ...configByKind(Object.keys(connectorTestProperties)),
});

export const ConnectorTestResponse = Envelope(
  Type.Object(
    {
      ok: Type.Boolean({ description: 'The source could be listed' }),
      items: Type.Array(
        Type.Object(
          {
            name: Text(1000),
            sourceUrl: Text(4000),
            size: Type.Union([Count({ description: 'bytes' }), Type.Null()]),
          },
          { additionalProperties: false },
        ),
        { maxItems: 5, description: 'The first items the source lists (at most 5, one level deep)' },
      ),
      more: Type.Boolean({ description: 'The source lists more items than were read' }),
      warnings: Type.Array(Text(500), {
        maxItems: 100,
        description: 'Parts of the source that could not be listed, with why',
      }),
      error: Type.Union([Text(1000), Type.Null()], { description: 'Why the source cannot be listed' }),
      durationMs: Type.Integer({ minimum: 0, maximum: 600_000 }),
    },
    { additionalProperties: false },
  ),
);
