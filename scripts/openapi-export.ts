import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/config/index.ts';
import { createContext } from '../src/context.ts';
import { buildApp } from '../src/app.ts';
import type { Embedder } from '../src/embeddings/embedder.ts';

/**
 * Stands in for the embedding model: the document is built from the routes alone, so exporting
 * needs no model files (a clean clone can export before `npm run models:pull`). Never called.
 */
const NO_MODEL: Embedder = {
  modelId: 'none (OpenAPI export)',
  dimensions: 384,
  maxTokens: 256,
  count: () => 0,
  embedDocuments: () => Promise.reject(new Error('no embedding model while exporting OpenAPI')),
  embedQuery: () => Promise.reject(new Error('no embedding model while exporting OpenAPI')),
};

/**
 * Builds the OpenAPI document exactly as `/api/openapi.json` serves it, without listening:
 * the real app over a throw-away in-memory database, `app.ready()`, then `app.swagger()`.
 */
export async function exportOpenApi(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-openapi-'));
  try {
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      LLM_PROVIDER: 'extractive',
      DATABASE_URL: '',
    });
    const ctx = await createContext(config, { pgliteDataDir: 'memory://', embedder: NO_MODEL });
    const app = await buildApp(ctx, { logger: false });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
      await ctx.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run openapi:export [-- out.json]`: writes openapi.json (default) at the repository root.
if (import.meta.main) {
  const out = resolve(process.argv[2] ?? 'openapi.json');
  writeFileSync(out, JSON.stringify(await exportOpenApi(), null, 2) + '\n');
  console.log(`wrote ${out}`);
}
