import { sql, type Kysely } from 'kysely';

/**
 * What each company holds — documents, the bytes of their originals, and those waiting for or in
 * ingestion — kept in one row per company by triggers on `documents`, so the quota check and the
 * fair-queue rank of a new document read one row instead of counting the company's documents
 * (issue 26: that count, on every document a sync stored, grew with the company: 0.7 ms at 1,000
 * documents, 33 ms at 12,000 on PGlite, docs/benchmarks.md).
 * - inserts and deletes (cascades included) adjust the row once per statement (transition tables);
 * - an update adjusts it only when the size, the company or whether the document is waiting
 *   changes (UPLOADED → PROCESSING does not touch it);
 * - a new document's transaction locks the row before checking the quota (src/documents/quotas.ts),
 *   so concurrent uploads of one company are checked one after the other.
 * The rows are filled from the documents already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_usage')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('documents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into company_usage (company_id, documents, storage_bytes, pending)
    select company_id, count(*), coalesce(sum(size_bytes), 0),
           count(*) filter (where status in ('UPLOADED', 'PROCESSING'))
      from documents group by company_id`.execute(db);

  await sql`create function company_usage_inserted() returns trigger language plpgsql as $$
    begin
      insert into company_usage as u (company_id, documents, storage_bytes, pending)
        select company_id, count(*), coalesce(sum(size_bytes), 0),
               count(*) filter (where status in ('UPLOADED', 'PROCESSING'))
          from inserted group by company_id order by company_id
      on conflict (company_id) do update set
        documents = u.documents + excluded.documents,
        storage_bytes = u.storage_bytes + excluded.storage_bytes,
        pending = u.pending + excluded.pending;
      return null;
    end $$`.execute(db);
  await sql`create trigger documents_usage_inserted after insert on documents
    referencing new table as inserted for each statement
    execute function company_usage_inserted()`.execute(db);

  // A company being deleted has lost its row already (cascade): nothing to update then.
  await sql`create function company_usage_deleted() returns trigger language plpgsql as $$
    begin
      update company_usage u set
        documents = u.documents - d.documents,
        storage_bytes = u.storage_bytes - d.bytes,
        pending = u.pending - d.pending
      from (select company_id, count(*) as documents, coalesce(sum(size_bytes), 0) as bytes,
                   count(*) filter (where status in ('UPLOADED', 'PROCESSING')) as pending
              from deleted group by company_id) d
      where u.company_id = d.company_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger documents_usage_deleted after delete on documents
    referencing old table as deleted for each statement
    execute function company_usage_deleted()`.execute(db);

  await sql`create function company_usage_changed() returns trigger language plpgsql as $$
    begin
      if new.company_id = old.company_id then
        update company_usage set
          storage_bytes = storage_bytes - old.size_bytes + new.size_bytes,
          pending = pending - (old.status in ('UPLOADED', 'PROCESSING'))::int
                            + (new.status in ('UPLOADED', 'PROCESSING'))::int
        where company_id = new.company_id;
        return null;
      end if;
      update company_usage set
        documents = documents - 1,
        storage_bytes = storage_bytes - old.size_bytes,
        pending = pending - (old.status in ('UPLOADED', 'PROCESSING'))::int
      where company_id = old.company_id;
      insert into company_usage as u (company_id, documents, storage_bytes, pending)
        values (new.company_id, 1, new.size_bytes, (new.status in ('UPLOADED', 'PROCESSING'))::int)
      on conflict (company_id) do update set
        documents = u.documents + excluded.documents,
        storage_bytes = u.storage_bytes + excluded.storage_bytes,
        pending = u.pending + excluded.pending;
      return null;
    end $$`.execute(db);
  await sql`create trigger documents_usage_changed after update of status, size_bytes, company_id
    on documents for each row
    when (old.size_bytes is distinct from new.size_bytes
       or old.company_id is distinct from new.company_id
       or (old.status in ('UPLOADED', 'PROCESSING')) is distinct from (new.status in ('UPLOADED', 'PROCESSING')))
    execute function company_usage_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists documents_usage_changed on documents`.execute(db);
  await sql`drop trigger if exists documents_usage_deleted on documents`.execute(db);
  await sql`drop trigger if exists documents_usage_inserted on documents`.execute(db);
  await sql`drop function if exists company_usage_changed()`.execute(db);
  await sql`drop function if exists company_usage_deleted()`.execute(db);
  await sql`drop function if exists company_usage_inserted()`.execute(db);
  await db.schema.dropTable('company_usage').ifExists().execute();
}
