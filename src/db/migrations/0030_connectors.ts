/**
 * Connectors (issue 26, docs/connectors.md): sources a company's documents are mirrored from.
 * `connectors` holds the source's settings (its secret AES-GCM encrypted, webhooks/secrets.ts);
 * `connector_items` one row per item seen at the source with its version and document, written in
 * the same transaction as the document, so a sync cut off anywhere resumes from the rows;
 * `connector_runs` one row per sync with its counts and per-item errors. Documents a connector
 * owns carry `connector_id` (deleting them by hand is refused). Structure only.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connectors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('limits', 'jsonb', (c) => c.notNull())
    .addColumn('secret_ciphertext', 'text')
    .addColumn('topic_id', 'text', (c) => c.references('topics.id').onDelete('set null'))
    .addColumn('interval_minutes', 'integer')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('next_sync_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('connectors_company_idx').on('connectors').columns(['company_id']).execute();
  await db.schema
    .createIndex('connectors_due_idx')
    .on('connectors')
    .columns(['next_sync_at'])
    .where(sql.ref('enabled'), '=', true)
    .execute();

  await db.schema
    .createTable('connector_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('connector_id', 'text', (c) => c.notNull().references('connectors.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('embedded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('truncated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('connector_runs_connector_idx')
    .on('connector_runs')
    .columns(['connector_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('connector_items')
    .addColumn('connector_id', 'text', (c) => c.notNull().references('connectors.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('seen_run_id', 'text')
    .addColumn('error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('connector_items_pk', ['connector_id', 'item_key'])
    .execute();
  await db.schema
    .createIndex('connector_items_sha_idx')
    .on('connector_items')
    .columns(['connector_id', 'sha256'])
    .execute();

  await db.schema
    .alterTable('documents')
    .addColumn('connector_id', 'text', (c) => c.references('connectors.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('documents_connector_idx')
    .on('documents')
    .columns(['connector_id'])
    .where(sql.ref('connector_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('connector_id').execute();
  await db.schema.dropTable('connector_items').execute();
  await db.schema.dropTable('connector_runs').execute();
  await db.schema.dropTable('connectors').execute();
}
