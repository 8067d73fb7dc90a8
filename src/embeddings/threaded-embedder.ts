/**
 * The API process's embedder (issue 37): the tokenizer on the calling thread (token counts are
 * synchronous and cheap), the model on a worker thread only. onnxruntime-node runs a session on
 * the thread that calls it, so a model here would hold the event loop for every search question and
 * every answer's sentences (docs/decisions.md "The API's model runs on a worker thread"); and a
 * second copy on this thread would only cost memory (the hostile-upload test caps the API process
 * at 1 GB resident).
 */
import type { Embedder } from './embedder.ts';
import { countTokens, loadTokenizer, type EmbedderOptions } from './transformers.embedder.ts';
import { withEmbedThread } from '../ingestion/embed-thread.ts';

/** Longest input of the MiniLM/BGE/GTE family in tokens (their position embeddings). */
const MAX_TOKENS = 512;

/**
 * Loads the tokenizer here and the model on a worker thread (queries micro-batched there); resolves
 * once the thread has embedded a first text, so a broken model fails the start, not the first search.
 * @throws ModelNotFoundError when the model files are missing; the thread's error when it cannot load.
 */
export async function loadThreadedEmbedder(
  modelsDir: string,
  modelId: string,
  options: EmbedderOptions,
): Promise<Embedder & { close(): Promise<void> }> {
  const tokenizer = await loadTokenizer(modelsDir, modelId);
  const noModelHere = () => Promise.reject(new Error('the model runs on the embedding thread'));
  const local: Embedder = {
    modelId,
    dimensions: 0,
    maxTokens: MAX_TOKENS,
    count: (text) => countTokens(tokenizer, text),
    embedDocuments: noModelHere,
    embedQuery: noModelHere,
  };
  const thread = withEmbedThread(local, { modelsDir, modelId, options }, { queries: true });
  try {
    const dimensions = (await thread.embedQuery('dimension probe')).length;
    return { ...thread, dimensions };
  } catch (err) {
    await thread.close().catch(() => {});
    throw err;
  }
}
