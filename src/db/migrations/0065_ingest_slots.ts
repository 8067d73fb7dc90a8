import { sql, type Kysely } from 'kysely';

/**
 * The ingestion slots held now, across every worker process (issue 36: a company's fair share of
 * INGEST_CONCURRENCY counted over all workers, not per process; src/ingestion/slot-leases.ts).
 * - `ingest_workers`: one row per running worker process, its slots (INGEST_CONCURRENCY) and
 *   `seen_at`, renewed every 10 s; a worker not seen for 30 s is dead and its slots count no more.
 * - `ingest_slots`: one row per job holding a slot (the document, its company, the worker);
 *   deleted when the job ends, and with its worker (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ingest_workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slots', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ingest_slots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('worker_id', 'text', (c) => c.notNull().references('ingest_workers.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ingest_slots_company_idx').on('ingest_slots').column('company_id').execute();
  await db.schema.createIndex('ingest_slots_worker_idx').on('ingest_slots').column('worker_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ingest_slots').ifExists().execute();
  await db.schema.dropTable('ingest_workers').ifExists().execute();
}
