import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { finished, healthProbe, upload } from '../helpers/ingestion.ts';
import { ingestDepsOf } from '../../src/context.ts';
import { startIngestionWorker } from '../../src/ingestion/worker.ts';
import { formXObjectPdf, nestedDivsHtml, slowOds, slowXlsx } from '../fixtures/hostile/slow-bombs.ts';

/**
 * Issue 36, "one slot for everyone": the audit's slow files, built here at the audit's sizes, go
 * to a worker with the default slots (INGEST_CONCURRENCY 2) and the default budget
 * (INGEST_BUDGET_*). Each must end ERROR naming the limit within 30 s of the worker taking it,
 * and another company's note uploaded after them all must be VECTORIZED within 30 s of its upload.
 * Times are printed: this machine is shared and loaded, the bounds are the issue's.
 */
const NOTE = Buffer.from('The ferry leaves at 07:40 from pier 4.');
const LIMIT = /INGEST_BUDGET_SECONDS|INGEST_MAX_CHUNKS_PER_KB/;

t.test("slow files end ERROR within their budget; another company's note is served meanwhile", async (t) => {
  const { app, ctx, config } = await buildTestApp(t);
  t.equal(config.ingestConcurrency, 2, 'two slots by default');
  const worker = await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), {
    concurrency: config.ingestConcurrency,
    budget: config.ingestBudget,
    log: app.log,
  });
  t.teardown(() => worker.stop(0));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const attacker = await signUp(app);
  const victim = await signUp(app);
  const files: [string, Uint8Array][] = [
    ['forms.pdf', formXObjectPdf()],
    ['nested.html', nestedDivsHtml()],
    ['cells.ods', slowOds()],
    ['strings.xlsx', await slowXlsx()],
  ];

  const probe = healthProbe(base);
  const uploaded = new Map<string, { name: string; at: number }>();
  for (const [name, bytes] of files) {
    const id = await upload(app, attacker.headers, name, bytes);
    uploaded.set(id, { name: `${name} (${bytes.length.toLocaleString('en-US')} B)`, at: performance.now() });
  }
  const noteAt = performance.now();
  const note = await upload(app, victim.headers, 'note.txt', NOTE);
  uploaded.set(note, { name: 'note.txt', at: noteAt });

  // Every document's first sighting as PROCESSING (the worker has taken it) and its end, polled.
  const taken = new Map<string, number>();
  const ended = new Map<string, { status: string; error: string | null; at: number }>();
  const started = performance.now();
  while (ended.size < uploaded.size && performance.now() - started < 600_000) {
    const rows = await ctx.db
      .selectFrom('documents')
      .select(['id', 'status', 'error'])
      .where('id', 'in', [...uploaded.keys()])
      .execute();
    const now = performance.now();
    for (const row of rows) {
      if (row.status === 'PROCESSING' && !taken.has(row.id)) taken.set(row.id, now);
      if (finished(row.status) && !ended.has(row.id)) {
        if (!taken.has(row.id)) taken.set(row.id, now);
        ended.set(row.id, { status: row.status, error: row.error, at: now });
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await probe.stop();
  const took = probe.samples.map(([, ms]) => ms).sort((a, b) => a - b);
  const p99 = took[Math.min(took.length - 1, Math.floor(0.99 * took.length))] ?? 0;
  t.comment(`/api/health during the run: ${probe.summary()}, p99 ${p99} ms`);

  for (const [id, { name, at }] of uploaded) {
    const end = ended.get(id);
    if (!end) {
      t.fail(`${name} never ended`);
      continue;
    }
    const afterTaken = (end.at - taken.get(id)!) / 1000;
    const afterUpload = (end.at - at) / 1000;
    t.comment(
      `${name}: ${end.status} ${afterTaken.toFixed(1)} s after the worker took it, ` +
        `${afterUpload.toFixed(1)} s after its upload${end.error ? ` — ${end.error}` : ''}`,
    );
    if (id === note) {
      t.equal(end.status, 'VECTORIZED', "the other company's note is indexed");
      t.ok(
        afterUpload <= 30,
        `the note is VECTORIZED within 30 s of its upload (${afterUpload.toFixed(1)} s)`,
      );
    } else {
      t.equal(end.status, 'ERROR', `${name} ends ERROR`);
      t.match(end.error, LIMIT, `${name}: the reason names the limit`);
      t.ok(afterTaken <= 30, `${name} ends within 30 s of the worker taking it (${afterTaken.toFixed(1)} s)`);
    }
  }
  const chunks = await ctx.db
    .selectFrom('chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      'document_id',
      'in',
      [...uploaded.keys()].filter((id) => id !== note),
    )
    .executeTakeFirstOrThrow();
  t.equal(Number(chunks.n), 0, 'no ERROR document keeps a chunk');
});

t.test('a file that expands far past its size ends ERROR once chunked, naming the limit', async (t) => {
  // A parse deadline no parse reaches here: only INGEST_MAX_CHUNKS_PER_KB can stop it.
  const { app, ctx, config } = await buildTestApp(t, { env: { INGEST_BUDGET_SECONDS: '600' } });
  const worker = await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), {
    concurrency: 1,
    budget: config.ingestBudget,
    log: app.log,
  });
  t.teardown(() => worker.stop(0));
  const owner = await signUp(app);
  // 100,000 cells of "boom" from 819 bytes: about 500 chunks where 39 are allowed.
  const id = await upload(app, owner.headers, 'cells.ods', slowOds(100, 1_000));
  const started = performance.now();
  let doc: { status: string; error: string | null } | undefined;
  while (performance.now() - started < 300_000) {
    doc = await ctx.db
      .selectFrom('documents')
      .select(['status', 'error'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (doc && finished(doc.status)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  t.comment(
    `cells.ods: ${doc?.status} after ${((performance.now() - started) / 1000).toFixed(1)} s — ${doc?.error}`,
  );
  t.equal(doc?.status, 'ERROR');
  t.match(
    doc?.error,
    /makes [\d,]+ chunks to embed; a file may make at most 50 per kB, 39 here \(INGEST_MAX_CHUNKS_PER_KB\)/,
  );
});

t.test('a company past its share of slots lets a waiting company go first', async (t) => {
  const { app, ctx, config } = await buildTestApp(t);
  const a = await signUp(app);
  const b = await signUp(app);
  // Queued before the worker starts, ranked by fair queueing: A1 and B1 first (each company's
  // first), then A2 before B2 (same rank, older). Two slots: A1 and B1 run; when B1 is done the
  // free slot takes A2, while A already holds its share (1 of 2) and B2 waits.
  const slow = nestedDivsHtml(5);
  const a1 = await upload(app, a.headers, 'a1.html', slow);
  const a2 = await upload(app, a.headers, 'a2.html', slow);
  const b1 = await upload(app, b.headers, 'b1.txt', NOTE);
  const b2 = await upload(app, b.headers, 'b2.txt', NOTE);
  const worker = await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), {
    concurrency: 2,
    budget: config.ingestBudget,
    log: app.log,
  });
  t.teardown(() => worker.stop(0));
  const taken = new Map<string, number>();
  const started = performance.now();
  const ids = { a1, a2, b1, b2 };
  while (taken.size < 4 && performance.now() - started < 300_000) {
    const rows = await ctx.db
      .selectFrom('documents')
      .select(['id', 'status'])
      .where('id', 'in', Object.values(ids))
      .execute();
    for (const row of rows)
      if (row.status !== 'UPLOADED' && !taken.has(row.id)) taken.set(row.id, performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  const at = (id: string) => taken.get(id) ?? Infinity;
  t.comment(
    `taken after the worker started: ${Object.entries(ids)
      .map(([name, id]) => `${name} ${(at(id) / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  t.ok(at(b2) < at(a2), "B's second document is taken before A's second: A held its share");
});
