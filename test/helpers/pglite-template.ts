import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/db/index.ts';

const MIGRATIONS = resolve(import.meta.dirname, '../../src/db/migrations');
const PACKAGES = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector'];

/** sha256 of the migrations' sources and PGlite's versions: a new migration makes a new snapshot. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  for (const path of files.map((e) => join(e.parentPath, e.name)).sort())
    hash.update(path.slice(MIGRATIONS.length)).update(readFileSync(path));
  for (const name of PACKAGES) {
    const manifest = resolve(import.meta.dirname, '../../node_modules', name, 'package.json');
    hash
      .update(name)
      .update(String((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version));
  }
  return hash.digest('hex').slice(0, 16);
}

let snapshot: Promise<Blob> | null = null;

/**
 * A freshly migrated in-memory PGlite as a tarball, for `buildTestApp` to start every PGlite
 * app from: PGlite's initdb and the migrations cost ≈ 3 s of one core per database, paid once
 * per suite instead of once per app. Kept in the OS temp dir under a key of the migrations and
 * PGlite versions; written to a temp name and renamed, so parallel test files never read half a
 * file. Every migration still runs on a real PGlite whenever the key changes, on PostgreSQL in
 * every `buildTestApp({ postgres: true })`, and in the tests that open their own databases.
 */
export function migratedPgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = join(tmpdir(), `cograg-pglite-migrated-${snapshotKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ databaseUrl: null, pgliteDataDir: 'memory://' });
    try {
      const blob = await database.snapshot!();
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      renameSync(partial, file);
      return blob;
    } finally {
      await database.close();
    }
  })();
  return snapshot;
}
