import t from 'tap';
import { loadConfig, ConfigError } from '../../src/config/index.ts';

t.test('operations settings: defaults', async (t) => {
  const config = loadConfig({});
  t.same(config.ops, {
    database: { connectMs: 5000, statementMs: 30_000, queryMs: 35_000 },
    redis: { commandTimeoutMs: 500, cooldownMs: 5000 },
    redisPrefix: 'cograg:',
    drainMs: 10_000,
    closeMs: 3000,
    bodyIdleMs: 30_000,
    workerPort: 3001,
    metricsToken: null,
  });
  t.same(config.fileStore, { kind: 'local' });
});

t.test('operations settings: parsed and refused with the variable named', async (t) => {
  const config = loadConfig({
    DATABASE_QUERY_TIMEOUT_MS: '0',
    REDIS_PREFIX: 'acme-prod:',
    SHUTDOWN_DRAIN_SECONDS: '0',
    METRICS_TOKEN: 'a'.repeat(16),
    FILE_STORE: 's3',
    S3_BUCKET: 'originals',
    S3_PREFIX: 'cograg/',
    S3_ENDPOINT: 'http://minio:9000',
    S3_FORCE_PATH_STYLE: 'true',
  });
  t.equal(config.ops.database.queryMs, 0, '0 = no limit');
  t.equal(config.ops.redisPrefix, 'acme-prod:');
  t.equal(config.ops.drainMs, 0);
  t.match(config.fileStore, {
    kind: 's3',
    bucket: 'originals',
    prefix: 'cograg/',
    endpoint: 'http://minio:9000',
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: null,
  });
  const refused: [Record<string, string>, RegExp][] = [
    [{ REDIS_PREFIX: 'has space' }, /REDIS_PREFIX/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN/],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '-1' }, /DATABASE_CONNECT_TIMEOUT_MS/],
    [{ REDIS_COMMAND_TIMEOUT_MS: '0' }, /REDIS_COMMAND_TIMEOUT_MS/],
    [{ FILE_STORE: 'nfs' }, /FILE_STORE/],
    [{ FILE_STORE: 's3' }, /S3_BUCKET/],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_PREFIX: 'no-slash' }, /S3_PREFIX/],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, /S3_SECRET_ACCESS_KEY/],
    [{ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
  ];
  for (const [env, message] of refused) t.throws(() => loadConfig(env), { name: ConfigError.name, message });
});
