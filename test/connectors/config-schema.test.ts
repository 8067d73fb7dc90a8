import t from 'tap';
import { connectorApp } from './helpers.ts';

/**
 * What each kind requires of `config` is in the creating body's schema (schemas/connectors.ts) and
 * enforced by it, the same rule src/connectors/config.ts applies: the OpenAPI document and the
 * server agree (schemathesis found an S3 connector without a bucket refused, the document saying
 * nothing of it).
 */
t.test('each kind’s required config fields: in the document, and a 400 naming them', async (t) => {
  const { app, admin } = await connectorApp(t);
  const doc = (await app.inject({ url: '/api/openapi.json' })).json();
  const body = doc.components.schemas.CreateConnectorRequest;
  // The `if`/`then`/`else` chain: each kind's `config` requirements (the required lists).
  const required: Record<string, unknown> = {};
  type Config = { required?: string[]; anyOf?: { required: string[] }[] };
  for (let node = body; node?.if; node = node.else) {
    const config = node.then.properties.config as Config;
    required[node.if.properties.kind.enum[0]] = config.required ?? config.anyOf!.map((o) => o.required);
  }
  t.same(required, {
    folder: ['path'],
    web: [['startUrls'], ['sitemapUrl']],
    s3: ['bucket'],
    imap: ['host', 'username'],
    webdav: ['url'],
  });
  const bucket = doc.components.schemas.CreateConnectorRequestConfig.properties.bucket;
  t.equal(bucket.pattern, '^[a-z0-9][a-z0-9.-]{1,62}$', 'the bucket names the server takes');

  for (const [kind, config, fields] of [
    ['folder', {}, ['config.path']],
    ['web', {}, ['config.startUrls', 'config.sitemapUrl']],
    ['web', { startUrls: [] }, ['config.startUrls']],
    ['s3', { region: 'eu-west-1' }, ['config.bucket']],
    ['s3', { bucket: 'Not_A_Bucket' }, ['config.bucket']],
    ['imap', { host: 'mail.example.com' }, ['config.username']],
    ['webdav', { username: 'u' }, ['config.url']],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/connectors',
      headers: admin.headers,
      payload: { name: 'x', kind, config },
    });
    t.equal(res.statusCode, 400, `${kind} ${JSON.stringify(config)}`);
    const named = (res.json().error.details as { field: string }[]).map((d) => d.field);
    for (const field of fields) t.ok(named.includes(field), `${kind}: names ${field} (${named})`);
  }
  const s3 = await app.inject({
    method: 'POST',
    url: '/api/connectors',
    headers: admin.headers,
    payload: { name: 'bucket', kind: 's3', config: { bucket: 'docs-2026' }, secret: 'pw' },
  });
  t.equal(s3.statusCode, 201, 'with its bucket, an S3 connector is created');
});
