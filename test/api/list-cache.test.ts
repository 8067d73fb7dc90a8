import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { ingestDepsOf } from '../../src/context.ts';
import { ingestDocument } from '../../src/ingestion/ingest.ts';
import { startIngestionWorker } from '../../src/ingestion/worker.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const text = (words: string) =>
  Buffer.from(`Cache notes\n\n${words} `.repeat(20) + '\nThe list cache keeps answers per company.\n');

async function upload(app: FastifyInstance, headers: Record<string, string>, name: string) {
  const form = multipartBody({ name }, { filename: `${name}.txt`, bytes: text(name) });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string; status: string };
}

const list = async (app: FastifyInstance, headers: Record<string, string>, url = '/api/documents') => {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as { items: Record<string, unknown>[]; pagination: { total: number } };
};

for (const store of ['pglite', 'postgres'] as const) {
  t.test(`${store}: a cached list reflects every write on the very next request (one process)`, async (t) => {
    const { app, ctx } = await buildTestApp(t, { postgres: store === 'postgres' });
    t.ok(ctx.listCache.active, 'the cache is on by default');
    const alice = await signUp(app);
    const bob = await signUp(app);
    const doc = await upload(app, alice.headers, 'alpha');

    // Served from memory: a change behind the application's back does not show…
    const first = await list(app, alice.headers);
    t.same(
      first.items.map((d) => d.name),
      ['alpha'],
    );
    await ctx.db.updateTable('documents').set({ name: 'renamed by hand' }).where('id', '=', doc.id).execute();
    t.equal((await list(app, alice.headers)).items[0]!.name, 'alpha', 'the second read is the cached answer');
    // …and another company's same query is not answered from alice's entry.
    t.equal((await list(app, bob.headers)).pagination.total, 0, "bob never sees alice's list");

    // An update through the API shows at once.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/documents/${doc.id}`,
      headers: alice.headers,
      payload: { name: 'beta' },
    });
    t.equal(put.statusCode, 200);
    t.equal((await list(app, alice.headers)).items[0]!.name, 'beta', 'update');

    // Ingestion in this process (ROLE=all): UPLOADED → VECTORIZED with its chunk count.
    t.equal((await list(app, alice.headers, '/api/documents?status=UPLOADED')).pagination.total, 1);
    t.equal(await ingestDocument(ingestDepsOf(ctx), doc.id), 'vectorized');
    const after = await list(app, alice.headers);
    t.equal(after.items[0]!.status, 'VECTORIZED', 'status change');
    t.ok((after.items[0]!.chunkCount as number) > 0, 'chunk count');
    t.equal((await list(app, alice.headers, '/api/documents?status=UPLOADED')).pagination.total, 0);

    // Topics: create, rename, the document moved into it, the public (API key) variant.
    const topic = (
      await app.inject({
        method: 'POST',
        url: '/api/topics',
        headers: alice.headers,
        payload: { name: 'Air' },
      })
    ).json().data;
    const key = (
      await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: alice.headers,
        payload: { name: 'w', allDocuments: true },
      })
    ).json().data.key as string;
    const pub = { 'x-api-key': key };
    t.same(
      (await list(app, alice.headers, '/api/topics')).items.map((x) => x.name),
      ['Air'],
    );
    t.same(
      (await list(app, pub, '/api/public/topics')).items.map((x) => x.documentCount),
      [0],
    );
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/topics/${topic.id}`,
      headers: alice.headers,
      payload: { name: 'Sea' },
    });
    t.equal(rename.statusCode, 200);
    await app.inject({
      method: 'PUT',
      url: `/api/documents/${doc.id}`,
      headers: alice.headers,
      payload: { topicId: topic.id },
    });
    t.same(
      (await list(app, alice.headers, '/api/topics')).items.map((x) => x.name),
      ['Sea'],
      'topic rename',
    );
    t.same(
      (await list(app, pub, '/api/public/topics')).items.map((x) => [x.name, x.documentCount]),
      [['Sea', 1]],
      'public topics follow the rename and the move',
    );

    // Search answers are cached the same way: the deleted document leaves them at once.
    const search = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/search',
          headers: alice.headers,
          payload: { query: 'cache notes beta', mode: 'lexical' },
        })
      ).json().data.items as unknown[];
    t.ok((await search()).length > 0, 'found');
    t.ok((await search()).length > 0, 'found again (cached)');

    // Delete.
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/documents/${doc.id}`,
      headers: alice.headers,
    });
    t.equal(del.statusCode, 200);
    t.equal((await list(app, alice.headers)).pagination.total, 0, 'delete');
    t.same(await search(), [], 'search after the delete');
  });
}

t.test('LIST_CACHE_SIZE=0: every request reads the database', async (t) => {
  const { app, ctx } = await buildTestApp(t, { env: { LIST_CACHE_SIZE: '0' } });
  t.notOk(ctx.listCache.active);
  const alice = await signUp(app);
  const doc = await upload(app, alice.headers, 'alpha');
  t.equal((await list(app, alice.headers)).items[0]!.name, 'alpha');
  await ctx.db.updateTable('documents').set({ name: 'by hand' }).where('id', '=', doc.id).execute();
  t.equal((await list(app, alice.headers)).items[0]!.name, 'by hand');
});

t.test('two processes: the worker in one, the list read from the other, through Redis', async (t) => {
  const suffix = randomBytes(6).toString('hex');
  const schemas = { dbSchema: `t_lc_${suffix}`, queueSchema: `pgboss_lc_${suffix}` };
  // A long TTL: only the Redis bump can make the reader see the status change.
  const env = { REDIS_URL, LIST_CACHE_TTL_SECONDS: '3600' };
  // One DATA_DIR: the worker reads the originals the reader stored.
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-lc-'));
  const worker = await buildTestApp(t, { postgres: true, env, overrides: schemas, dataDir });
  const reader = await buildTestApp(t, { postgres: true, env, overrides: schemas, dataDir });
  t.teardown(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(
      `drop schema if exists "${schemas.dbSchema}" cascade; drop schema if exists "${schemas.queueSchema}" cascade`,
    );
    await client.end();
  });
  for (let i = 0; i < 100 && !(reader.ctx.listCache.active && worker.ctx.listCache.active); i++)
    await new Promise((r) => setTimeout(r, 50));
  t.ok(reader.ctx.listCache.active, 'subscribed');

  const alice = await signUp(reader.app);
  const doc = await upload(reader.app, alice.headers, 'remote');
  t.equal((await list(reader.app, alice.headers)).items[0]!.status, 'UPLOADED');
  // Cached on the reader: a change made behind both processes' backs does not show.
  await reader.ctx.db.updateTable('documents').set({ name: 'by hand' }).where('id', '=', doc.id).execute();
  t.equal((await list(reader.app, alice.headers)).items[0]!.name, 'remote', 'the reader answers from memory');

  await startIngestionWorker(worker.ctx.boss, ingestDepsOf(worker.ctx), {
    concurrency: 1,
    log: worker.app.log,
  });
  let status = 'UPLOADED';
  for (let i = 0; i < 600 && status !== 'VECTORIZED' && status !== 'ERROR'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    status = (await list(reader.app, alice.headers)).items[0]!.status as string;
  }
  t.equal(status, 'VECTORIZED', "the worker's bump reached the reader");
});
