import t from 'tap';
import { env, pipeline } from '@huggingface/transformers';
import { MODELS_DIR } from '../helpers/app.ts';
import { ALL_MINILM_L6_V2 } from '../../src/models/catalog.ts';
import { sha256OfFile } from '../../src/models/disk.ts';
import {
  loadTransformersEmbedder,
  quantizesActivationsDynamically,
} from '../../src/embeddings/transformers.embedder.ts';

const MODEL = 'Xenova/all-MiniLM-L6-v2';
const cosine = (a: readonly number[], b: readonly number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};

// Short, medium, a chunk-sized text and one past the 512-token window (truncated), so that
// batching groups unlike lengths and padding has to be masked out of the mean.
const base =
  'Employees accrue paid leave monthly; unused days carry over to the next year up to a cap set by the works council. ';
const texts = [
  'paid leave',
  'How many days of paid leave carry over?',
  base.repeat(8),
  base.repeat(40),
  'Le congé payé se reporte sur l’année suivante.',
  base.repeat(2),
];

t.test('the service embedder gives the feature-extraction pipeline’s vectors, spinning or not', async (t) => {
  // Reference: transformers.js's own pipeline (mean pooling + L2 normalisation), one text at a time.
  // Never the network: the files come from MODELS_DIR, as in the service.
  env.allowRemoteModels = false;
  env.localModelPath = `${MODELS_DIR}/`;
  const extractor = await pipeline('feature-extraction', MODEL, { dtype: 'q8' });
  const reference: number[][] = [];
  for (const text of texts) {
    const out = await extractor(text, {
      pooling: 'mean',
      normalize: true,
      truncation: true,
      max_length: 512,
    } as never);
    reference.push(Array.from(out.data as Float32Array));
  }
  for (const spinning of [false, true]) {
    const embedder = await loadTransformersEmbedder(MODELS_DIR, MODEL, {
      threads: 2,
      batchSize: 16,
      batchTokens: 4096,
      spinning,
    });
    const vectors = await embedder.embedDocuments(texts);
    t.equal(vectors.length, texts.length);
    vectors.forEach((v, i) => {
      t.equal(v.length, 384);
      t.ok(
        cosine(v, reference[i]!) >= 0.9999,
        `text ${i}, spinning ${spinning}: cosine ${cosine(v, reference[i]!)}`,
      );
    });
    const query = await embedder.embedQuery(texts[1]!);
    t.ok(cosine(query, reference[1]!) >= 0.9999, 'the query session gives the same vector');
  }
  // A wrong result would show here: two different texts are far apart.
  t.ok(cosine(reference[0]!, reference[4]!) < 0.9, 'unrelated texts differ');
});

t.test('an embedder for documents only: its session first, the query session only when asked', async (t) => {
  const both = await loadTransformersEmbedder(MODELS_DIR, MODEL, {
    threads: 1,
    batchSize: 16,
    batchTokens: 512,
  });
  const documentsOnly = await loadTransformersEmbedder(
    MODELS_DIR,
    MODEL,
    { threads: 1, batchSize: 16, batchTokens: 512 },
    'documents',
  );
  t.equal(documentsOnly.dimensions, 384, 'the dimensions from the documents session');
  const [a, b] = [await both.embedDocuments(texts), await documentsOnly.embedDocuments(texts)];
  a.forEach((v, i) => t.ok(cosine(v, b[i]!) >= 0.9999, `text ${i}: the same vector`));
  t.ok(
    cosine(await documentsOnly.embedQuery(texts[1]!), await both.embedQuery(texts[1]!)) >= 0.9999,
    'a query still works: its session is loaded then',
  );
  t.same(await documentsOnly.embedDocuments([]), [], 'nothing to embed, no model run');
});

t.test(
  'a graph that quantises activations dynamically is recognised (its texts then run alone)',
  async (t) => {
    const onnx = ALL_MINILM_L6_V2.bundled!.files.find((f) => f.path === 'onnx/model_quantized.onnx')!;
    t.equal(
      await sha256OfFile(`${MODELS_DIR}/${MODEL}/onnx/model_quantized.onnx`),
      onnx.sha256,
      'MODELS_DIR holds the bundled build',
    );
    t.ok(
      quantizesActivationsDynamically(`${MODELS_DIR}/${MODEL}/onnx/model_quantized.onnx`),
      'the bundled build quantises activations per run (DynamicQuantizeLinear)',
    );
    const dir = t.testdir({ 'weights-only.onnx': 'graph: Cast Mul MatMul; no activation quantisation' });
    t.notOk(quantizesActivationsDynamically(`${dir}/weights-only.onnx`));
  },
);
