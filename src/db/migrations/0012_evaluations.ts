import { sql, type Kysely } from 'kysely';

/**
 * Evaluation runs (docs/evaluations.md): a question set asked through the company's own
 * retrieval and answerer. `status` is QUEUED → RUNNING → COMPLETED | FAILED; the partial unique
 * index lets each company hold one queued-or-running run, decided by the database. Per-question
 * results are rows of their own, written as the run goes, so a resumed job skips those done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('evaluations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('settings', 'jsonb')
    .addColumn('totals', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('evaluations_company_created')
    .on('evaluations')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('evaluations_one_active_per_company')
    .on('evaluations')
    .column('company_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('QUEUED', 'RUNNING')`)
    .execute();
  await db.schema
    .createTable('evaluation_results')
    .addColumn('evaluation_id', 'text', (c) => c.notNull().references('evaluations.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('evaluation_results_pk', ['evaluation_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('evaluation_results').execute();
  await db.schema.dropTable('evaluations').execute();
}
