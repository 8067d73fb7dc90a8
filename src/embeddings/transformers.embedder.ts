import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  AutoTokenizer,
  env,
  pipeline,
  type FeatureExtractionPipeline,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { ModelNotFoundError, type Embedder } from './embedder.ts';

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

/** Texts per ONNX run; measured on 2 cores, larger batches do not go faster (docs/benchmarks.md). */
const BATCH_SIZE = 32;

/**
 * Loads a local ONNX embedding model with @huggingface/transformers, remote models off.
 * @param modelsDir folder in the transformers.js layout, `<org>/<name>/onnx/model_quantized.onnx`.
 * @throws ModelNotFoundError when the model files are missing (run `npm run models:pull`).
 */
export async function loadTransformersEmbedder(modelsDir: string, modelId: string): Promise<Embedder> {
  const profile = PROFILES[modelId] ?? { pooling: 'mean', queryPrefix: '', passagePrefix: '', dtype: 'q8' };
  const onnxFile = join(
    modelsDir,
    modelId,
    'onnx',
    profile.dtype === 'q8' ? 'model_quantized.onnx' : 'model.onnx',
  );
  if (!existsSync(onnxFile)) {
    throw new ModelNotFoundError(
      `embedding model ${modelId} not found at ${onnxFile}; run "npm run models:pull"`,
    );
  }
  env.allowRemoteModels = false;
  env.localModelPath = modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/`;
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(modelId);
  const extractor: FeatureExtractionPipeline = await pipeline('feature-extraction', modelId, {
    dtype: profile.dtype,
    session_options: { intraOpNumThreads: 2, interOpNumThreads: 1 },
  });
  const maxTokens = 512;

  async function embed(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH_SIZE) {
      const batch = texts.slice(i, i + BATCH_SIZE);
      const output = await extractor(batch, {
        pooling: profile.pooling,
        normalize: true,
        // tokenizer options pass through to the call: truncate to the model's window.
      } as Parameters<FeatureExtractionPipeline>[1]);
      vectors.push(...(output.tolist() as number[][]));
    }
    return vectors;
  }

  const dims = (await embed(['dimension probe']))[0]!.length;
  return {
    modelId,
    dimensions: dims,
    maxTokens,
    count: (text) => tokenizer.encode(text, { add_special_tokens: false }).length,
    embedDocuments: (texts) => embed(texts.map((t) => profile.passagePrefix + t)),
    embedQuery: async (text) => (await embed([profile.queryPrefix + text]))[0]!,
  };
}
