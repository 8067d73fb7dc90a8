import t from 'tap';
import pg from 'pg';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { MODELS_DIR, TEST_DATABASE_URL } from '../helpers/app.ts';
import { freePort, startServer, waitFor } from '../helpers/server-process.ts';

/**
 * Originals in S3-compatible storage, against moto's server mode (the S3 wire protocol, run
 * here from `.venv-moto`): API and worker as separate processes with separate DATA_DIRs share
 * only PostgreSQL and the bucket; a process on another store refuses to start.
 */
const MOTO = resolve('.venv-moto/bin/moto_server');

t.test(
  'API and worker on one bucket, separate DATA_DIRs',
  {
    skip: existsSync(MOTO)
      ? false
      : `no ${MOTO}: python3 -m venv .venv-moto && .venv-moto/bin/pip install 'moto[server]'`,
  },
  async (t) => {
    const motoPort = await freePort();
    const moto = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(motoPort)], { stdio: 'ignore' });
    t.teardown(() => void moto.kill('SIGTERM'));
    const endpoint = `http://127.0.0.1:${motoPort}`;
    const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
    const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    const bucket = `cograg-${randomBytes(4).toString('hex')}`;
    for (let i = 0; ; i++) {
      const ok = await s3.send(new CreateBucketCommand({ Bucket: bucket })).then(
        () => true,
        (err: unknown) => (i > 100 ? Promise.reject(err) : false),
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const dbName = `cograg_s3_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    t.teardown(async () => {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });
    const dbUrl = new URL(TEST_DATABASE_URL);
    dbUrl.pathname = `/${dbName}`;
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    await c.query('create extension if not exists vector');
    await c.end();

    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'cograg-s3-')));
    t.teardown(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
    const common = {
      DATABASE_URL: dbUrl.toString(),
      MODELS_DIR,
      JWT_SECRET: randomBytes(32).toString('hex'),
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_PREFIX: 'originals/',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      SHUTDOWN_DRAIN_SECONDS: '0',
      RATE_LIMIT_ENABLED: 'false',
    };
    const port = await freePort();
    const api = startServer(t, {
      ...common,
      ROLE: 'api',
      PORT: String(port),
      DATA_DIR: dirs[0]!,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'a long password',
    });
    const base = `http://127.0.0.1:${port}/api`;
    t.ok(await waitFor(`${base}/ready`), 'API ready');
    const workerPort = await freePort();
    const worker = startServer(t, {
      ...common,
      ROLE: 'worker',
      WORKER_PORT: String(workerPort),
      DATA_DIR: dirs[1]!,
    });
    t.ok(await waitFor(`http://127.0.0.1:${workerPort}/ready`), 'worker ready');

    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'a long password' }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const text = 'Travel policy. Economy class for flights under six hours; business class above.';
    const form = new FormData();
    form.append('file', new Blob([text]), 'travel.txt');
    const up = await fetch(`${base}/documents/upload`, { method: 'POST', headers: auth, body: form });
    t.equal(up.status, 201);
    const id = ((await up.json()) as { data: { id: string } }).data.id;
    let status = '';
    for (let i = 0; i < 600 && status !== 'VECTORIZED' && status !== 'ERROR'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const doc = (await (await fetch(`${base}/documents/${id}`, { headers: auth })).json()) as {
        data: { status: string; error: string | null };
      };
      status = doc.data.status;
    }
    t.equal(status, 'VECTORIZED', 'the worker read the original from the bucket');
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'originals/' }));
    const keys = (objects.Contents ?? []).map((o) => o.Key);
    t.ok(
      keys.some((k) => k?.endsWith(`/${id}`)),
      `the original is an object under the prefix (${keys.join(', ')})`,
    );
    t.ok(keys.includes('originals/.cograg-store-id'), 'the store names itself');
    const stored = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: keys.find((k) => k?.endsWith(id))! }),
    );
    t.equal(await stored.Body!.transformToString(), text);
    t.notOk(
      existsSync(join(dirs[0]!, 'files')) && readdirSync(join(dirs[0]!, 'files')).length > 0,
      'nothing on local disk',
    );
    const file = await fetch(`${base}/documents/${id}/file`, { headers: auth });
    t.equal(file.status, 200);
    t.equal(await file.text(), text, 'downloaded from the bucket through the API');

    // A process that reaches another store (its own local DATA_DIR) refuses to start, saying why.
    const stray = startServer(t, {
      ...common,
      FILE_STORE: 'local',
      ROLE: 'worker',
      WORKER_PORT: String(await freePort()),
      DATA_DIR: dirs[2]!,
    });
    const exit = await stray.exited;
    t.equal(exit.code, 1, 'exits 1');
    t.match(stray.output(), /is not the one the other processes of this install use/);
    t.match(stray.output(), /s3:\/\/cograg-/, 'naming the store the others use');

    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    t.same(await api.exited, { code: 0, signal: null });
    t.same(await worker.exited, { code: 0, signal: null });
  },
);
