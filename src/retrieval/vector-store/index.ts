import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Config } from '../../config/index.ts';
import { pgvectorStore } from './pgvector.ts';
import { qdrantStore } from './qdrant.ts';

export type { DocumentPoints, HybridRequest, VectorPoint, VectorStore } from './types.ts';
import type { VectorStore } from './types.ts';

/**
 * The store chosen by VECTOR_STORE. Qdrant's collection is created (with its payload indexes)
 * when missing.
 * @param dimensions the embedder's vector length.
 * @throws when Qdrant cannot be reached or its collection has other dimensions.
 */
export async function createVectorStore(
  config: Pick<Config, 'vectorStore' | 'qdrant'>,
  db: Kysely<DB>,
  vectorEnabled: boolean,
  dimensions: number,
): Promise<VectorStore> {
  if (config.vectorStore !== 'qdrant' || !config.qdrant) return pgvectorStore(db, vectorEnabled);
  const store = qdrantStore({ ...config.qdrant, db, dimensions });
  await store.ensureCollection();
  return store;
}
