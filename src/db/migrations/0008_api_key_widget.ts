import { sql, type Kysely } from 'kysely';

/**
 * The website widget's keys and sessions: `require_https` refuses plain-HTTP origins for the
 * key; `key_last4` is the key's last four characters, listed next to its prefix (null for keys
 * made before this migration: only their hash was kept). Widget sessions are looked up by
 * (api_key_id, session_id), so that pair gets an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('require_https', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('key_last4', 'text')
    .execute();
  await db.schema
    .createIndex('conversations_api_key_session')
    .on('conversations')
    .columns(['api_key_id', 'session_id'])
    .where(sql.ref('session_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_api_key_session').execute();
  await db.schema.alterTable('api_keys').dropColumn('require_https').dropColumn('key_last4').execute();
}
