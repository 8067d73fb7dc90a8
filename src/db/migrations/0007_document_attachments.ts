import { sql, type Kysely } from 'kysely';

/**
 * E-mail attachments as child documents (src/ingestion/attachments.ts): `parent_id` names the
 * message, `attachment_index` the attachment's 0-based place in it and `attachment_depth` how
 * many messages deep it sits (0 for an upload), which bounds nested messages. Children go with
 * their parent (ON DELETE CASCADE); one row per (parent, index) so a retried ingestion cannot
 * add an attachment twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('parent_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('attachment_index', 'integer')
    .addColumn('attachment_depth', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('documents_parent_attachment')
    .unique()
    .on('documents')
    .columns(['parent_id', 'attachment_index'])
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_parent_attachment').execute();
  await db.schema
    .alterTable('documents')
    .dropColumn('parent_id')
    .dropColumn('attachment_index')
    .dropColumn('attachment_depth')
    .execute();
}
