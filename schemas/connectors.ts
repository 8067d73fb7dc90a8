import { Type } from 'typebox';
import { Count, Envelope, Id, ListQuery, Name, Paginated, Text, Timestamp } from './common.ts';

const Kind = Type.Enum(['folder', 'web', 's3', 'imap', 'webdav'], {
  description: 'Source type (docs/connectors.md "Sources")',
});
const Strings = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50, description });

/** Every source's settings in one object; which fields apply depends on `kind` (checked per kind, 400 otherwise). */
const ConnectorConfig = Type.Object(
  {
    path: Type.Optional(Text(1000, { description: 'folder: absolute path below CONNECTOR_FOLDER_ROOTS' })),
    include: Type.Optional(Strings('folder: globs of relative paths to take (default all)')),
    exclude: Type.Optional(Strings('folder: globs of relative paths to leave out')),
    startUrls: Type.Optional(Strings('web: pages the crawl starts from')),
    sitemapUrl: Type.Optional(Text(2000, { description: 'web: a sitemap.xml whose URLs are start pages' })),
    endpoint: Type.Optional(Text(2000, { description: 's3: endpoint URL (MinIO, Ceph); empty for AWS' })),
    region: Type.Optional(Text(64, { description: 's3: region, default us-east-1' })),
    bucket: Type.Optional(Text(63, { description: 's3: bucket name' })),
    prefix: Type.Optional(Text(1000, { description: 's3: key prefix' })),
    accessKeyId: Type.Optional(
      Text(256, { description: 's3: access key id (the secret key goes in `secret`)' }),
    ),
    forcePathStyle: Type.Optional(Type.Boolean({ description: 's3: path-style addressing (MinIO)' })),
    host: Type.Optional(Text(255, { description: 'imap: server host' })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'imap: port, default 993' })),
    tls: Type.Optional(Type.Boolean({ description: 'imap: implicit TLS, default true' })),
    username: Type.Optional(
      Text(255, { description: 'imap, webdav: user name (the password goes in `secret`)' }),
    ),
    mailbox: Type.Optional(Text(255, { description: 'imap: mailbox folder, default INBOX' })),
    url: Type.Optional(Text(2000, { description: 'webdav: collection URL' })),
  },
  { additionalProperties: false },
);

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

export const CreateConnectorBody = Type.Object(
  {
    name: writable.name,
    kind: Kind,
    config: writable.config,
    topicId: Type.Optional(writable.topicId),
    secret: Type.Optional(writable.secret),
    intervalMinutes: Type.Optional(writable.intervalMinutes),
    enabled: Type.Optional(writable.enabled),
    limits: Type.Optional(writable.limits),
  },
  { additionalProperties: false },
);

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

export const ConnectorList = Paginated(Type.Ref('Connector'));
export const ConnectorRunList = Paginated(Type.Ref('ConnectorRun'));
export const ConnectorResponse = Envelope(Type.Ref('Connector'));
export const ConnectorRunResponse = Envelope(Type.Ref('ConnectorRun'));
export const ConnectorPageQuery = Type.Object(
  { page: ListQuery.page, limit: ListQuery.limit },
  { additionalProperties: false },
);
