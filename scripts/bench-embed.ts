/**
 * `npm run bench:embed`: chunks/s of the embedding model for ONNX intra-op thread counts and batch
 * sizes, on chunk-sized texts (CHUNK_MAX_TOKENS tokens) cut from the documents folder. Chooses the
 * embedder's settings by measurement (docs/benchmarks.md). Run it on an otherwise idle machine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { env, pipeline } from '@huggingface/transformers';
import { loadConfig } from '../src/config/index.ts';

const config = loadConfig();
env.allowRemoteModels = false;
env.localModelPath = `${config.modelsDir}/`;
const dir = resolve('../shared/datasets/documents/md');
const text = readdirSync(dir)
  .map((f) => readFileSync(join(dir, f), 'utf8'))
  .join(' ')
  .replace(/\s+/g, ' ');
const approxChars = config.chunkMaxTokens * 4;
const texts = Array.from({ length: 96 }, (_, i) => text.slice(i * approxChars, (i + 1) * approxChars));

console.log(`${texts.length} texts of ~${config.chunkMaxTokens} tokens, model ${config.embeddingModel}`);
for (const threads of [1, 2]) {
  const extractor = await pipeline('feature-extraction', config.embeddingModel, {
    dtype: 'q8',
    session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 },
  });
  await extractor(texts.slice(0, 4), { pooling: 'mean', normalize: true });
  for (const batch of [1, 8, 32]) {
    const started = performance.now();
    for (let i = 0; i < texts.length; i += batch) {
      await extractor(texts.slice(i, i + batch), { pooling: 'mean', normalize: true });
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `threads ${threads}  batch ${String(batch).padStart(2)}  ${(texts.length / seconds).toFixed(1).padStart(6)} chunks/s`,
    );
  }
  await extractor.dispose();
}
