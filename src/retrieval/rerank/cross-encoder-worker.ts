/** The thread of cross-encoder-thread.ts: loads the cross-encoder once, then scores each query's passages. */
import { workerData } from 'node:worker_threads';
import { serveModel } from '../../lib/model-thread.ts';
import { loadCrossEncoder } from './cross-encoder.ts';
import type { CrossEncoderThreadModel } from './cross-encoder-thread.ts';

const model = workerData as CrossEncoderThreadModel;
serveModel(
  loadCrossEncoder(model.modelsDir, model.modelId, model.options),
  (reranker, m: { query: string; passages: string[] }) => reranker.score(m.query, m.passages),
);
