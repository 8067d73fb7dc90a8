import { sql, type Kysely } from 'kysely';

/**
 * Topics become the unit of access (issue 21, docs/auth.md "Who may read what"). Structure only:
 * frozen history, imports no live code, and needs no backfill job, because every default keeps
 * what existing principals could read:
 * - `topics.member_access`: what the company-wide "all members" group may do with the topic's
 *   documents ('edit' by default, as before; admins restrict it to 'read' or 'none').
 * - `groups`, `group_members`, `topic_grants`: admin-managed groups and their per-topic grants.
 * - `api_keys.all_documents`: keys that existed before this migration answer from every document,
 *   as they did (the column is added with default true, then the default becomes false, so a key
 *   made from now on reads nothing until it is given topics or, explicitly, all documents);
 *   `api_key_topics` lists a scoped key's topics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('topics')
    .addColumn('member_access', 'text', (c) =>
      c
        .notNull()
        .defaultTo('edit')
        .check(sql`member_access in ('none', 'read', 'edit')`),
    )
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index groups_company_name_unique on groups (company_id, lower(name))`.execute(db);

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema
    .createTable('topic_grants')
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull().check(sql`access in ('read', 'edit')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('topic_grants_pk', ['topic_id', 'group_id'])
    .execute();
  await db.schema.createIndex('topic_grants_group_idx').on('topic_grants').column('group_id').execute();

  await db.schema
    .alterTable('api_keys')
    .addColumn('all_documents', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('api_keys')
    .alterColumn('all_documents', (c) => c.setDefault(false))
    .execute();
  await db.schema
    .createTable('api_key_topics')
    .addColumn('api_key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('api_key_topics_pk', ['api_key_id', 'topic_id'])
    .execute();
  await db.schema.createIndex('api_key_topics_topic_idx').on('api_key_topics').column('topic_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_topics').ifExists().execute();
  await db.schema.alterTable('api_keys').dropColumn('all_documents').execute();
  await db.schema.dropTable('topic_grants').ifExists().execute();
  await db.schema.dropTable('group_members').ifExists().execute();
  await db.schema.dropTable('groups').ifExists().execute();
  await db.schema.alterTable('topics').dropColumn('member_access').execute();
}
