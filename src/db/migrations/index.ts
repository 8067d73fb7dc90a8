import type { Migration, MigrationProvider } from 'kysely/migration';
import * as init from './0001_init.ts';
import * as bm25 from './0002_bm25.ts';

/** Every migration, in order; add new files here (names sort by their timestamp-like prefix). */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_bm25': bm25,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
