import { sql, type Kysely } from 'kysely';

/**
 * The audit log (issue 39, docs/auth.md "Audit log"): one row per administrative action or
 * security event, append-only (the app has no update or delete path except retention pruning),
 * chained per company: each row stores the previous row's hash and its own,
 * SHA-256 over a canonical serialisation of the row (src/audit/chain.ts).
 * - `audit_events.company_id` is null for events that name no company (a sign-in attempt for an
 *   unknown e-mail); those form one chain of their own. No foreign key: a deleted company's
 *   record stays.
 * - `audit_chain_heads`: one row per chain (`chain` = company id, '' for the company-less chain),
 *   locked (SELECT … FOR UPDATE) by every append so concurrent writers never fork the chain; it
 *   keeps the last sequence number and hash, and the anchor (sequence and hash of the last row
 *   retention pruned) from which verification starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('request_id', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index audit_events_chain_seq_idx on audit_events ((coalesce(company_id, '')), seq)`.execute(
    db,
  );
  await db.schema
    .createIndex('audit_events_company_time_idx')
    .on('audit_events')
    .columns(['company_id', 'occurred_at'])
    .execute();
  await db.schema
    .createTable('audit_chain_heads')
    .addColumn('chain', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('anchor_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('anchor_hash', 'text', (c) => c.notNull())
    .addColumn('pruned_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_chain_heads').ifExists().execute();
  await db.schema.dropTable('audit_events').ifExists().execute();
}
