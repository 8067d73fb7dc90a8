import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { finished, upload } from '../helpers/ingestion.ts';
import { ingestDepsOf } from '../../src/context.ts';
import { startIngestionWorker } from '../../src/ingestion/worker.ts';
import { nestedDivsHtml } from '../fixtures/hostile/slow-bombs.ts';

/**
 * Issue 36: the fair share of ingestion slots is counted over every worker process, not per
 * process (src/ingestion/slot-leases.ts). Two workers of one slot each, in two contexts (each its
 * own database pool and queue client, as two processes have) on one PostgreSQL database: two
 * slots in all, so a company may hold one while another company's document waits. Per process
 * (before), each worker let company A take its only slot, so A held both while B's note waited.
 *
 * Queued before the workers start, by rank: A1, B1, then A2 before B2 (same rank, A2 older). A1
 * and B1 run; when B1 ends, the free slot would take A2 — but A holds its share of all slots and
 * B2 waits, so A2 is put back and B2 taken.
 */
const NOTE = Buffer.from('The ferry leaves at 07:40 from pier 4.');

t.test(
  "two worker processes: one company holds at most half of all slots while another's waits",
  async (t) => {
    const suffix = randomBytes(6).toString('hex');
    const schemas = { dbSchema: `t_fs_${suffix}`, queueSchema: `pgboss_fs_${suffix}` };
    const dataDir = mkdtempSync(join(tmpdir(), 'cograg-fs-'));
    const one = await buildTestApp(t, { postgres: true, overrides: schemas, dataDir });
    const two = await buildTestApp(t, { postgres: true, overrides: schemas, dataDir });
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
    const a = await signUp(one.app);
    const b = await signUp(one.app);
    const slow = nestedDivsHtml(5);
    const ids = {
      a1: await upload(one.app, a.headers, 'a1.html', slow),
      a2: await upload(one.app, a.headers, 'a2.html', slow),
      b1: await upload(one.app, b.headers, 'b1.txt', NOTE),
      b2: await upload(one.app, b.headers, 'b2.txt', NOTE),
    };
    for (const { app, ctx, config } of [one, two]) {
      const worker = await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), {
        concurrency: 1,
        budget: config.ingestBudget,
        log: app.log,
      });
      t.teardown(() => worker.stop(0));
    }
    const db = one.ctx.db;
    const companyA = a.user.companyId;
    const taken = new Map<string, number>();
    /** The most slots A held (by the lease rows) at a moment when one of B's documents waited. */
    let mostHeldByA = 0;
    let samples = 0;
    const started = performance.now();
    for (;;) {
      const rows = await db
        .selectFrom('documents')
        .select(['id', 'status', 'company_id'])
        .where('id', 'in', Object.values(ids))
        .execute();
      const now = performance.now() - started;
      for (const row of rows) if (row.status !== 'UPLOADED' && !taken.has(row.id)) taken.set(row.id, now);
      if (rows.some((r) => r.company_id !== companyA && r.status === 'UPLOADED')) {
        const { rows: held } = await sql<{ n: number }>`
        select count(*)::int as n from ingest_slots where company_id = ${companyA}`.execute(db);
        mostHeldByA = Math.max(mostHeldByA, held[0]!.n);
        samples++;
      }
      if (rows.every((r) => finished(r.status)) || now > 300_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const workers = await sql<{ slots: number }>`select slots from ingest_workers`.execute(db);
    const at = (id: string) => taken.get(id) ?? Infinity;
    t.comment(
      `taken after the workers started: ${Object.entries(ids)
        .map(([name, id]) => `${name} ${(at(id) / 1000).toFixed(1)} s`)
        .join(', ')}; A's slots while B waited: at most ${mostHeldByA} (${samples} samples)`,
    );
    t.same(
      workers.rows.map((w) => w.slots),
      [1, 1],
      'two workers registered, one slot each',
    );
    t.ok(
      at(ids.b2) < at(ids.a2),
      "B's second document is taken before A's second: A held its share of all slots",
    );
    t.ok(samples > 0, "B's documents were seen waiting");
    t.ok(mostHeldByA <= 1, `A never held more than 1 of the 2 slots while B waited (${mostHeldByA})`);
    const ended = await db
      .selectFrom('documents')
      .select(['name', 'status', 'error'])
      .where('id', 'in', Object.values(ids))
      .orderBy('name')
      .execute();
    t.comment(ended.map((d) => `${d.name} ${d.status}${d.error ? ` (${d.error})` : ''}`).join('; '));
    // A's slow pages may end ERROR at their budget on a loaded machine: only B's notes must be indexed.
    t.same(
      ended.filter((d) => d.name.startsWith('b')).map((d) => d.status),
      ['VECTORIZED', 'VECTORIZED'],
      "B's notes indexed",
    );
    t.ok(
      ended.every((d) => finished(d.status)),
      'every document ended',
    );
  },
);
