import { sql, type Kysely } from 'kysely';

/**
 * Documents waiting for or in ingestion, by company: a running document asks between two slices of
 * its work whether another company's document waits (src/ingestion/slices.ts), and the worker
 * lists them at start. A partial index: it holds only the few rows not yet VECTORIZED or ERROR,
 * so the question stays an index lookup at any number of documents (issue 22).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists documents_waiting_idx
    on documents (status, company_id) where status in ('UPLOADED', 'PROCESSING')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_waiting_idx').ifExists().execute();
}
