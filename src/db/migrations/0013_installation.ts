import { sql, type Kysely } from 'kysely';

/**
 * `installation`: facts about the install every process must agree on, as key–value rows. First
 * `file_store_id`: the identity of the store holding originals (src/documents/store-identity.ts),
 * so a process that reaches another store than the others refuses to start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table installation (key text primary key, value text not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table installation`.execute(db);
}
