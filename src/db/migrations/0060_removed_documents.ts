import { sql, type Kysely } from 'kysely';

/**
 * Documents a connector sync removed, kept recoverable for the retention period (issue 36,
 * docs/connectors.md "Removed documents"). A removal moves the document's rows here in the
 * transaction that deletes them from `documents` / `chunks`, so no read path (list, get, search,
 * chat, quotas) needs a filter: what is not in `documents` is not visible. The original file
 * stays in the file store under the document's key until the archive is purged.
 * - `removed_documents`: one row per removed connector item; `documents` holds the rows of the
 *   document and of its attachments' child documents as `to_jsonb(documents.*)`, parents first;
 *   `item_key` and `sha256` (the item's content hash) find it when the file comes back, at its
 *   place or elsewhere. No foreign key to `connectors`: an archive whose connector is gone is
 *   purged with its files (a cascade would leave the files behind).
 * - `removed_chunks`: the chunks of those documents as `to_jsonb(chunks.*)`, embeddings included
 *   (pgvector's text form), so a restore needs no embedding; BM25 postings are rebuilt from text.
 * Row snapshots rather than typed copies: a later migration that adds a nullable column to
 * `documents` or `chunks` needs no change here (a NOT NULL one must fill the snapshots too).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('removed_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('connector_id', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('documents', 'jsonb', (c) => c.notNull())
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('removed_documents_item_idx')
    .on('removed_documents')
    .columns(['connector_id', 'item_key'])
    .execute();
  await db.schema
    .createIndex('removed_documents_sha_idx')
    .on('removed_documents')
    .columns(['connector_id', 'sha256'])
    .execute();
  await db.schema
    .createIndex('removed_documents_removed_at_idx')
    .on('removed_documents')
    .column('removed_at')
    .execute();
  await db.schema
    .createTable('removed_chunks')
    .addColumn('removed_id', 'text', (c) =>
      c.notNull().references('removed_documents.id').onDelete('cascade'),
    )
    .addColumn('chunk', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('removed_chunks_removed_idx')
    .on('removed_chunks')
    .column('removed_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('removed_chunks').ifExists().execute();
  await db.schema.dropTable('removed_documents').ifExists().execute();
}
