/**
 * `npm run vectors:resync [-- --company comp_…]`: makes the configured vector store (Qdrant)
 * equal to the relational chunks, for every company or one: rewrites each chunk's point and
 * removes points whose chunk is gone (src/retrieval/vector-store/resync.ts). Idempotent; run it
 * after a Qdrant outage or restore, or when switching an existing deployment to VECTOR_STORE=qdrant.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase, pgliteDir } from '../src/db/index.ts';
import { loadTransformersEmbedder } from '../src/embeddings/transformers.embedder.ts';
import { createVectorStore } from '../src/retrieval/vector-store/index.ts';
import { resyncCompany } from '../src/retrieval/vector-store/resync.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { company: { type: 'string' } } });
  const config = loadConfig();
  if (config.vectorStore === 'pgvector') {
    console.log('VECTOR_STORE is pgvector: the chunk rows are the index, nothing to re-sync');
    return 0;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: pgliteDir(config.dataDir),
  });
  try {
    const embedder = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, config.embed);
    const store = await createVectorStore(config, database.db, database.vectorEnabled, embedder.dimensions);
    const companies = values.company
      ? [{ id: values.company }]
      : await database.db.selectFrom('companies').select('id').execute();
    for (const { id } of companies) {
      const report = await resyncCompany({ db: database.db, store, embedder }, id);
      console.log(`${id}: ${report.written} points written, ${report.removed} stale points removed`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
