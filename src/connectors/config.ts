import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import picomatch from 'picomatch';
import { validationError, type ErrorDetail } from '../lib/errors.ts';
import { OutboundRequestError } from '../lib/http-client.ts';
import { userinfoOf, withoutUserinfo } from '../lib/redact.ts';
import { assertHostAllowed } from './outbound.ts';
import type { ConnectorKind } from './types.ts';

/** A folder source: a directory below CONNECTOR_FOLDER_ROOTS, with glob filters on relative paths. */
export interface FolderConfig {
  path: string;
  include: string[];
  exclude: string[];
}
/** A web site: start URLs and/or a sitemap; links are followed on the same host only. */
export interface WebConfig {
  startUrls: string[];
  sitemapUrl: string | null;
}
/** An S3-compatible bucket (MinIO, Ceph, AWS); the secret is the secret access key. */
export interface S3Config {
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string | null;
  forcePathStyle: boolean;
}
/** One IMAP mailbox folder; the secret is the password. */
export interface ImapConfig {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  mailbox: string;
}
/** A WebDAV collection (Nextcloud, SharePoint, Apache); the secret is the password. */
export interface WebdavConfig {
  url: string;
  username: string | null;
}
export type SourceConfig = FolderConfig | WebConfig | S3Config | ImapConfig | WebdavConfig;

/** What the operator decides: where folders may be and which private hosts may be reached. */
export interface OperatorPolicy {
  folderRoots: string[];
  allowlist: string[];
}

type Raw = Record<string, unknown>;
const str = (raw: Raw, key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
const strings = (raw: Raw, key: string) =>
  Array.isArray(raw[key]) ? (raw[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];

function httpUrl(value: string, field: string, details: ErrorDetail[]): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    /* reported below */
  }
  details.push({ field, reason: 'must be an http(s) URL' });
  return null;
}

/** A checked config, and the password a WebDAV URL's `user:password@` carried (for the secret). */
export interface ValidatedSource {
  config: SourceConfig;
  /** From `config.url`'s userinfo (WebDAV only); null when it had none. */
  secretFromUrl: string | null;
}

/**
 * Checks and normalizes a connector's `config` for its kind, and that every host it names is one
 * connectors may reach and every folder is under an operator root. A `user:password@` in a URL
 * is never stored (documents' source URLs, shown in citations, derive from these URLs): it is
 * dropped from web and S3 URLs (it was never sent), and a WebDAV URL's becomes `username` (when
 * none is given) and `secretFromUrl`, for the caller to keep as the encrypted secret.
 * @throws AppError 400 VALIDATION_ERROR with one detail per bad field (`config.<field>`).
 */
export async function validateSourceConfig(
  kind: ConnectorKind,
  raw: Raw,
  policy: OperatorPolicy,
): Promise<ValidatedSource> {
  let secretFromUrl: string | null = null;
  const details: ErrorDetail[] = [];
  const hosts: [string, string][] = [];
  let config: SourceConfig;
  if (kind === 'folder') {
    const path = str(raw, 'path');
    config = { path, include: strings(raw, 'include'), exclude: strings(raw, 'exclude') };
    for (const glob of [...config.include, ...config.exclude]) {
      try {
        picomatch(glob);
      } catch {
        details.push({ field: 'config.include', reason: `"${glob}" is not a glob` });
      }
    }
    if (!path.startsWith('/')) details.push({ field: 'config.path', reason: 'must be an absolute path' });
    else {
      const real = await realpath(path).catch(() => null);
      if (!real) details.push({ field: 'config.path', reason: 'does not exist or cannot be read' });
      else if (!policy.folderRoots.some((root) => real === root || real.startsWith(root + sep)))
        details.push({
          field: 'config.path',
          reason: policy.folderRoots.length
            ? 'is not below a folder the operator allows (CONNECTOR_FOLDER_ROOTS)'
            : 'folder connectors are disabled: the operator set no CONNECTOR_FOLDER_ROOTS',
        });
      else config.path = real;
    }
  } else if (kind === 'web') {
    const startUrls = strings(raw, 'startUrls').map(withoutUserinfo);
    const sitemapUrl = withoutUserinfo(str(raw, 'sitemapUrl')) || null;
    if (!startUrls.length && !sitemapUrl)
      details.push({ field: 'config.startUrls', reason: 'give start URLs, a sitemapUrl, or both' });
    for (const [i, u] of startUrls.entries()) {
      const url = httpUrl(u, `config.startUrls.${i}`, details);
      if (url) hosts.push([url.hostname, `config.startUrls.${i}`]);
    }
    if (sitemapUrl) {
      const url = httpUrl(sitemapUrl, 'config.sitemapUrl', details);
      if (url) hosts.push([url.hostname, 'config.sitemapUrl']);
    }
    config = { startUrls, sitemapUrl };
  } else if (kind === 's3') {
    const endpoint = withoutUserinfo(str(raw, 'endpoint')) || null;
    const bucket = str(raw, 'bucket');
    if (!/^[a-z0-9][a-z0-9.-]{1,62}$/.test(bucket))
      details.push({ field: 'config.bucket', reason: 'must be an S3 bucket name' });
    if (endpoint) {
      const url = httpUrl(endpoint, 'config.endpoint', details);
      if (url) hosts.push([url.hostname, 'config.endpoint']);
    }
    config = {
      endpoint,
      region: str(raw, 'region') || 'us-east-1',
      bucket,
      prefix: str(raw, 'prefix'),
      accessKeyId: str(raw, 'accessKeyId') || null,
      forcePathStyle: raw.forcePathStyle === true,
    };
  } else if (kind === 'imap') {
    const host = str(raw, 'host');
    const port = typeof raw.port === 'number' ? raw.port : 993;
    if (!host) details.push({ field: 'config.host', reason: 'is required' });
    else hosts.push([host, 'config.host']);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      details.push({ field: 'config.port', reason: 'must be a TCP port' });
    const username = str(raw, 'username');
    if (!username) details.push({ field: 'config.username', reason: 'is required' });
    config = { host, port, tls: raw.tls !== false, username, mailbox: str(raw, 'mailbox') || 'INBOX' };
  } else {
    const given = str(raw, 'url');
    const userinfo = userinfoOf(given);
    const value = withoutUserinfo(given);
    const url = httpUrl(value, 'config.url', details);
    if (url) hosts.push([url.hostname, 'config.url']);
    const username = str(raw, 'username') || userinfo?.username || null;
    if (userinfo?.password) secretFromUrl = userinfo.password;
    config = { url: value.endsWith('/') ? value : `${value}/`, username };
  }
  for (const [host, field] of hosts) {
    try {
      await assertHostAllowed(policy.allowlist, host);
    } catch (err) {
      if (!(err instanceof OutboundRequestError)) throw err;
      details.push({ field, reason: `not reachable by connectors: ${err.message}` });
    }
  }
  if (details.length) throw validationError('The connector configuration is not valid', details);
  return { config, secretFromUrl };
}
