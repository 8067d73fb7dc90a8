import t from 'tap';
import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

const note = (i: number) =>
  Buffer.from(`Note ${i}.\n\nThe meeting about item ${i} moved to room ${100 + i} on the third floor.`);

async function upload(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  headers: Record<string, string>,
  name: string,
  bytes: Buffer,
) {
  const body = multipartBody({}, { filename: name, bytes });
  return app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

t.test("one company's many uploads do not hold up another's single file", async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const busy = await signUp(app);
  const small = await signUp(app);
  const busyIds: string[] = [];
  for (let i = 0; i < 8; i++)
    busyIds.push((await upload(app, busy.headers, `note-${i}.txt`, note(i))).json().data.id);
  const single = (await upload(app, small.headers, 'single.txt', note(99))).json().data.id as string;
  // The worker starts only now, with every job queued: pure FIFO would take the single file last.
  const { startIngestionWorker } = await import('../../src/ingestion/worker.ts');
  const { ingestDepsOf } = await import('../../src/context.ts');
  await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), { concurrency: 1, log: app.log });
  t.equal((await waitForDocument(app, small.headers, single)).status, 'VECTORIZED');
  for (const id of busyIds) t.equal((await waitForDocument(app, busy.headers, id)).status, 'VECTORIZED');
  const rows = await ctx.db
    .selectFrom('documents')
    .select(['id', 'vectorized_at'])
    .orderBy('vectorized_at')
    .execute();
  const position = rows.findIndex((r) => r.id === single);
  t.ok(
    position <= 1,
    `the single file was indexed at position ${position + 1} of ${rows.length} (FIFO: ${rows.length})`,
  );
});

t.test('quotas: document count → 409, storage → 413, figures in GET /api/companies/:id', async (t) => {
  const { app } = await buildTestApp(t, { env: { QUOTA_MAX_DOCUMENTS: '2', QUOTA_MAX_STORAGE_MB: '1' } });
  const { headers, user } = await signUp(app);
  t.equal((await upload(app, headers, 'a.txt', note(1))).statusCode, 201);
  const big = Buffer.alloc(1024 * 1024, 'word ');
  const tooBig = await upload(app, headers, 'big.txt', big);
  t.equal(tooBig.statusCode, 413);
  t.match(tooBig.json().error, { code: 'PAYLOAD_TOO_LARGE', limit: { storageBytes: 1024 * 1024 } });
  t.equal((await upload(app, headers, 'b.txt', note(2))).statusCode, 201);
  const third = await upload(app, headers, 'c.txt', note(3));
  t.equal(third.statusCode, 409);
  t.match(third.json().error, { code: 'CONFLICT', usage: { documents: 2 }, limit: { documents: 2 } });
  const company = (
    await app.inject({ method: 'GET', url: `/api/companies/${user.companyId}`, headers })
  ).json().data;
  t.match(company, { usage: { documents: 2 }, limits: { documents: 2, storageBytes: 1024 * 1024 } });
  t.ok(company.usage.storageBytes > 0);
});

t.test('DATA_DIR is private: the directory 0700, stored originals 0600', async (t) => {
  const { app, dataDir } = await buildTestApp(t);
  const { headers } = await signUp(app);
  t.equal((await upload(app, headers, 'a.txt', note(1))).statusCode, 201);
  t.equal(statSync(dataDir).mode & 0o777, 0o700);
  const filesDir = join(dataDir, 'files');
  const [companyDir] = readdirSync(filesDir);
  const [file] = readdirSync(join(filesDir, companyDir!));
  t.equal(statSync(join(filesDir, companyDir!, file!)).mode & 0o777, 0o600);
  t.equal(statSync(join(filesDir, companyDir!)).mode & 0o777, 0o700);
});

t.test('a language switched back and forth queues one lexical rebuild per company', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const { headers, user } = await signUp(app);
  for (const language of ['fr', 'en', 'fr', 'en', 'fr']) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/companies/${user.companyId}`,
      headers,
      payload: { settings: { language } },
    });
    t.equal(res.statusCode, 200);
  }
  const { REINDEX_QUEUE } = await import('../../src/ingestion/reindex.ts');
  const queued = await ctx.boss.findJobs(REINDEX_QUEUE, { data: { companyId: user.companyId } });
  t.equal(queued.length, 1, 'one rebuild queued, not five');
});
