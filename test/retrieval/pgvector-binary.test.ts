/**
 * The query vector travels to pgvector in its binary input format (embedder.ts toPgVectorBinary):
 * the database must read back exactly the vector the text literal gives, on PGlite and PostgreSQL.
 */
import t from 'tap';
import { sql } from 'kysely';
import { buildTestApp } from '../helpers/app.ts';
import { toPgVector, toPgVectorBinary } from '../../src/embeddings/embedder.ts';

for (const engine of ['pglite', 'postgres'] as const) {
  t.test(`a binary vector reads back as its text literal (${engine})`, async (t) => {
    const { ctx } = await buildTestApp(t, engine === 'postgres' ? { postgres: true } : {});
    // Doubles, as the embedder gives them (normalised in double precision): each side rounds to float4.
    const vector = Array.from({ length: 384 }, (_, i) => Math.sin(i * 1.7) / (i + 1));
    vector[5] = -1e-30;
    const { rows } = await sql<{ binary: string; text: string; distance: number }>`
      select ${toPgVectorBinary(vector)}::vector::text as binary, ${toPgVector(vector)}::vector::text as text,
        ${toPgVectorBinary(vector)}::vector <=> ${toPgVector(vector)}::vector as distance`.execute(ctx.db);
    t.equal(rows[0]!.binary, rows[0]!.text, 'same elements');
    t.equal(Number(rows[0]!.distance), 0, 'cosine distance 0');
    await t.rejects(
      sql`select ${toPgVectorBinary([1, Number.NaN])}::vector`.execute(ctx.db),
      /NaN/,
      'pgvector refuses NaN as it does in text',
    );
  });
}
