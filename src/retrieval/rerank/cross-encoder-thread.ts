/**
 * The cross-encoder on a worker thread (issue 37): onnxruntime-node runs a model synchronously on
 * the calling thread, so re-scoring a query's 20 candidates on the API's thread held the event
 * loop for every search and chat in `rerank` mode (docs/decisions.md "The reader runs on a worker
 * thread of its own too"). The time budget is spent and checked on the thread, as before.
 */
import type { Reranker } from '../retriever.ts';
import { modelThread } from '../../lib/model-thread.ts';
import { crossEncoderFiles, type CrossEncoderOptions } from './cross-encoder.ts';

/** What the thread loads: loadCrossEncoder's arguments. */
export interface CrossEncoderThreadModel {
  modelsDir: string;
  modelId: string;
  options: CrossEncoderOptions;
}

/**
 * The cross-encoder of `model` on a worker thread; resolves once the thread has scored a probe
 * pair, so a model that does not load fails the start.
 * @throws ModelNotFoundError when the folder holds no model (checked here, before any thread);
 *   Error `cross-encoder thread: …` when the thread cannot load or run it
 */
export async function loadThreadedCrossEncoder(
  model: CrossEncoderThreadModel,
): Promise<Reranker & { readonly options: CrossEncoderOptions }> {
  crossEncoderFiles(model.modelsDir, model.modelId);
  const thread = modelThread<{ query: string; passages: string[] }, number[]>(
    'cross-encoder thread',
    new URL('./cross-encoder-worker.ts', import.meta.url),
    model,
  );
  const reranker = {
    modelId: model.modelId,
    options: model.options,
    score: (query: string, passages: string[]) =>
      passages.length === 0 ? Promise.resolve([]) : thread.call({ query, passages: [...passages] }),
  };
  await reranker.score('probe', ['a probe passage']);
  return reranker;
}
