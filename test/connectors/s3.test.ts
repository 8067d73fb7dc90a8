import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { freePort } from '../helpers/server-process.ts';
import { connectorApp, createConnector } from './helpers.ts';
import { EDITED_A, FILES, mirrorScenario, NEW_E } from './scenario.ts';

/** S3 source against moto's server mode (the S3 wire protocol), started here on 127.0.0.1. */
const MOTO = resolve('.venv-moto/bin/moto_server');

t.test(
  's3: a bucket prefix mirrored',
  {
    skip: existsSync(MOTO)
      ? false
      : `no ${MOTO}: python3 -m venv .venv-moto && .venv-moto/bin/pip install 'moto[server]'`,
  },
  async (t) => {
    const port = await freePort();
    const moto = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    t.teardown(() => void moto.kill('SIGTERM'));
    const endpoint = `http://127.0.0.1:${port}`;
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const Bucket = 'docs';
    for (let i = 0; ; i++) {
      const ok = await s3.send(new CreateBucketCommand({ Bucket })).then(
        () => true,
        (err: unknown) => (i > 100 ? Promise.reject(err) : false),
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const put = (key: string, body: string) =>
      s3.send(new PutObjectCommand({ Bucket, Key: `share/${key}`, Body: body }));
    for (const [key, body] of Object.entries(FILES)) await put(key, body);
    await s3.send(new PutObjectCommand({ Bucket, Key: 'other/outside.txt', Body: 'not below the prefix' }));

    const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_ALLOWLIST: '127.0.0.1' });
    const connector = await createConnector(app, admin.headers, {
      name: 'Bucket',
      kind: 's3',
      config: { endpoint, bucket: Bucket, prefix: 'share/', accessKeyId: 'test', forcePathStyle: true },
      secret: 'moto-secret-key-123',
    });
    t.equal(connector.hasSecret, true);
    t.notOk(JSON.stringify(connector).includes('moto-secret-key-123'), 'the secret is never returned');
    t.notOk('secret' in connector);
    const listed = await app.inject({ method: 'GET', url: '/api/connectors', headers: admin.headers });
    t.notOk(listed.body.includes('moto-secret-key-123'), 'nor listed');
    const stored = await ctx.db
      .selectFrom('connectors')
      .select('secret_ciphertext')
      .where('id', '=', connector.id)
      .executeTakeFirstOrThrow();
    t.match(stored.secret_ciphertext, /^v1\./, 'stored encrypted');
    t.notOk(stored.secret_ciphertext!.includes('moto-secret'), 'not in clear');
    await mirrorScenario(
      t,
      { app, ctx, headers: admin.headers, connectorId: connector.id },
      (key) => `s3://${Bucket}/share/${key}`,
      async () => {
        await put('a.txt', EDITED_A);
        await s3.send(new DeleteObjectCommand({ Bucket, Key: 'share/b.txt' }));
        await s3.send(
          new CopyObjectCommand({
            Bucket,
            Key: 'share/moved/c.txt',
            CopySource: `${Bucket}/share/sub/c.txt`,
          }),
        );
        await s3.send(new DeleteObjectCommand({ Bucket, Key: 'share/sub/c.txt' }));
        await put('e.txt', NEW_E);
      },
    );
    s3.destroy();
  },
);
