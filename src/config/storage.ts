import { bool, ConfigError, oneOf, str, type Env } from './env.ts';
import type { S3StoreOptions } from '../documents/s3-file-store.ts';

/** Where originals live: `local` (DATA_DIR/files) or `s3` with its settings. */
export type FileStoreConfig = { kind: 'local' } | ({ kind: 's3' } & S3StoreOptions);

/** Parses FILE_STORE and S3_*. @throws ConfigError naming a missing or malformed variable. */
export function fileStoreConfig(env: Env): FileStoreConfig {
  const kind = oneOf(env, 'FILE_STORE', ['local', 's3'] as const, 'local');
  if (kind === 'local') return { kind };
  const bucket = str(env, 'S3_BUCKET', '');
  if (!bucket) throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET');
  const prefix = str(env, 'S3_PREFIX', '');
  if (prefix && !prefix.endsWith('/')) throw new ConfigError(`S3_PREFIX must end with "/", got "${prefix}"`);
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be an http(s) URL');
  const accessKeyId = env.S3_ACCESS_KEY_ID || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || '';
  if (!!accessKeyId !== !!secretAccessKey)
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    kind,
    bucket,
    prefix,
    region: str(env, 'S3_REGION', 'us-east-1'),
    endpoint,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
  };
}
