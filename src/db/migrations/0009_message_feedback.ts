import type { Kysely } from 'kysely';

/**
 * What the admin console needs on answers: `refused` marks an answer that cites nothing (the
 * extractive answerer's "I could not find…", or a model answering without any source), so the
 * insights can list unanswered questions; `feedback` is the asker's thumbs up/down ('up' |
 * 'down' | null) and `feedback_at` when it was last set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('refused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('feedback', 'text')
    .addColumn('feedback_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('messages_company_created')
    .on('messages')
    .columns(['company_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_company_created').execute();
  await db.schema
    .alterTable('messages')
    .dropColumn('refused')
    .dropColumn('feedback')
    .dropColumn('feedback_at')
    .execute();
}
