import type { Schemas } from '../api.ts';

type Connector = Schemas['Connector'];

/** The source kinds of docs/connectors.md "Sources", in the form's order. */
export const KINDS = ['folder', 'web', 's3', 'imap', 'webdav'] as const;
export type Kind = (typeof KINDS)[number];

/** The connector form's fields as text (lists one per line), from a saved connector or empty. */
export function initialFields(c: Connector | null) {
  const cfg = (c?.config ?? {}) as Record<string, unknown>;
  const text = (k: string) => (typeof cfg[k] === 'string' ? (cfg[k] as string) : '');
  const lines = (k: string) => (Array.isArray(cfg[k]) ? (cfg[k] as string[]).join('\n') : '');
  return {
    name: c?.name ?? '',
    kind: (c?.kind ?? 'folder') as Kind,
    topicId: c?.topicId ?? '',
    path: text('path'),
    include: lines('include'),
    exclude: lines('exclude'),
    startUrls: lines('startUrls'),
    sitemapUrl: text('sitemapUrl'),
    endpoint: text('endpoint'),
    region: text('region'),
    bucket: text('bucket'),
    prefix: text('prefix'),
    accessKeyId: text('accessKeyId'),
    forcePathStyle: cfg.forcePathStyle === true,
    host: text('host'),
    port: typeof cfg.port === 'number' ? String(cfg.port) : '',
    tls: cfg.tls !== false,
    username: text('username'),
    mailbox: text('mailbox'),
    url: text('url'),
    secret: '',
    interval: c?.intervalMinutes ? String(c.intervalMinutes) : '60',
    scheduled: Boolean(c?.intervalMinutes),
    enabled: c?.enabled ?? true,
    maxItems: String(c?.limits.maxItems ?? 10000),
    maxMb: String(Math.round((c?.limits.maxBytes ?? 2 * 1024 ** 3) / 1024 ** 2)),
    maxDepth: String(c?.limits.maxDepth ?? 5),
  };
}
export type Fields = ReturnType<typeof initialFields>;

const splitLines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

/** Drops empty strings and lists: the API treats an absent field as its default. */
const present = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && !(Array.isArray(v) && !v.length)));

/** The `config` object of the form's kind: only that kind's fields (schemas/connectors.ts). */
export function configOf(f: Fields): Record<string, unknown> {
  switch (f.kind) {
    case 'folder':
      return present({ path: f.path.trim(), include: splitLines(f.include), exclude: splitLines(f.exclude) });
    case 'web':
      return present({ startUrls: splitLines(f.startUrls), sitemapUrl: f.sitemapUrl.trim() });
    case 's3':
      return {
        ...present({
          endpoint: f.endpoint.trim(),
          region: f.region.trim(),
          bucket: f.bucket.trim(),
          prefix: f.prefix.trim(),
          accessKeyId: f.accessKeyId.trim(),
        }),
        forcePathStyle: f.forcePathStyle,
      };
    case 'imap':
      return {
        ...present({ host: f.host.trim(), username: f.username.trim(), mailbox: f.mailbox.trim() }),
        ...(f.port ? { port: Number(f.port) } : {}),
        tls: f.tls,
      };
    case 'webdav':
      return present({ url: f.url.trim(), username: f.username.trim() });
  }
}
