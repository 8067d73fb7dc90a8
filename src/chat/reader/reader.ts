/**
 * The extractive reader: a small transformer trained to find the words of a passage that answer
 * a question, or to say that the passage holds none (docs/chat.md "The reader"; the model card is
 * in docs/models.md). Each passage is read as `[CLS] question [SEP] passage-window [SEP]`; the
 * model gives start and end logits per token and the [CLS] position means "no answer here" — the
 * SQuAD 2.0 recipe of Devlin et al., "BERT" (NAACL 2019), §4.3: a span (i, j) scores
 * start_i + end_j, the null answer start_0 + end_0. A passage longer than one window is read in
 * overlapping windows (doc stride); its null score is the lowest over its windows and its best span
 * the highest (Hugging Face `run_qa.py`, `postprocess_qa_predictions`).
 */
import path from 'node:path';
import {
  AutoModelForQuestionAnswering,
  AutoTokenizer,
  Tensor,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { holdsQuantizedOnnx } from '../../embeddings/embedder.ts';
import { wordPieces, type TokenizedText } from './tokens.ts';

/** The best span the reader found in one passage. */
export interface ReadSpan {
  /** Character offsets of the span in the passage (end exclusive). */
  start: number;
  end: number;
  /** `passage.slice(start, end)`. */
  text: string;
  /** Span score minus the passage's null score, in logits; > 0: the span beats "no answer". */
  margin: number;
}

export interface Reader {
  /** The model folder, for logs and /api/health. */
  readonly modelId: string;
  /**
   * The best span of each passage for the question, in the passages' order; null for a passage
   * with no word to read (empty or markup only).
   */
  read(question: string, passages: readonly string[]): Promise<(ReadSpan | null)[]>;
}

/** Tokens of one window, [CLS] question [SEP] passage [SEP]: the length the reader was trained on. */
export const WINDOW_TOKENS = 256;
/** Overlap of consecutive windows of one passage, tokens (training used the same stride). */
const STRIDE_TOKENS = 64;
/** Longest question kept, tokens; longer ones are cut (SQuAD questions are under 30). */
const MAX_QUESTION_TOKENS = 64;
/** Longest answer span, tokens (run_qa.py's max_answer_length default). */
const MAX_SPAN_TOKENS = 30;
/** Candidate starts × ends searched per window (run_qa.py's n_best_size default). */
const TOP_N = 20;

/**
 * Loads the reader from a folder in the transformers.js layout (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model_quantized.onnx or onnx/model.onnx). One copy per process
 * and folder: contexts and test files share the read-only model.
 * @param threads ONNX Runtime intra-op threads per run (a window's operators over that many cores)
 * @throws ModelNotFoundError when the folder holds neither ONNX file
 */
export function loadReader(folder: string, threads = 1): Promise<Reader> {
  const key = `${folder}#${threads}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = load(folder, threads);
    loaded.set(key, loading);
    loading.catch(() => loaded.delete(key));
  }
  return loading;
}

const loaded = new Map<string, Promise<Reader>>();

/**
 * Whether the reader's folder holds the int8 model (preferred) or only fp32.
 * @throws ModelNotFoundError when it holds neither
 */
export const readerIsQuantized = (folder: string): boolean =>
  holdsQuantizedOnnx(
    folder,
    `reader not found: no onnx/model_quantized.onnx or onnx/model.onnx in ${folder}`,
  );

async function load(folder: string, threads: number): Promise<Reader> {
  const quantized = readerIsQuantized(folder);
  // transformers.js resolves ids under one global folder: point it at the model's parent while
  // loading, then put back what the embedder set.
  const previous = { allow: env.allowRemoteModels, local: env.localModelPath };
  env.allowRemoteModels = false;
  env.localModelPath = path.dirname(path.resolve(folder)) + path.sep;
  const id = path.basename(folder);
  let tokenizer: PreTrainedTokenizer;
  let model: PreTrainedModel;
  try {
    tokenizer = await AutoTokenizer.from_pretrained(id);
    model = await AutoModelForQuestionAnswering.from_pretrained(id, {
      dtype: quantized ? 'q8' : 'fp32',
      session_options: {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        // Idle intra-op threads sleep instead of busy-waiting between operators: on a machine
        // shared with the API and the embedding thread, a spinning thread burns the core they need
        // (as for the embedder: transformers.embedder.ts `spinning`).
        extra: { session: { intra_op: { allow_spinning: '0' } } },
      },
    });
  } finally {
    env.allowRemoteModels = previous.allow;
    env.localModelPath = previous.local;
  }
  // A BERT tokenizer wraps an empty text as [CLS] [SEP].
  const [cls, sep] = tokenizer.encode('') as [number, number];
  const pieces = wordPieces(tokenizer);
  /** Start and end logits of one window's tokens ([CLS] question [SEP] passage [SEP]). */
  async function run(
    sequence: number[],
    first: number,
  ): Promise<{ starts: Float32Array; ends: Float32Array }> {
    const dims = [1, sequence.length];
    const out = (await model({
      input_ids: new Tensor('int64', BigInt64Array.from(sequence, BigInt), dims),
      attention_mask: new Tensor('int64', new BigInt64Array(sequence.length).fill(1n), dims),
      token_type_ids: new Tensor(
        'int64',
        BigInt64Array.from(sequence, (_, c) => (c >= first ? 1n : 0n)),
        dims,
      ),
    })) as { start_logits: Tensor; end_logits: Tensor };
    return { starts: out.start_logits.data as Float32Array, ends: out.end_logits.data as Float32Array };
  }
  return {
    modelId: folder,
    async read(question, passages) {
      const q = pieces.tokenize(question).ids.slice(0, MAX_QUESTION_TOKENS);
      const room = WINDOW_TOKENS - q.length - 3;
      const texts = passages.map((p) => pieces.tokenize(p));
      const windows = texts.flatMap((text, passage) => windowsOf(text, room).map((w) => ({ ...w, passage })));
      if (windows.length === 0) return passages.map(() => null);
      const first = q.length + 2;
      const best: { span: Omit<ReadSpan, 'margin'>; score: number; nullScore: number }[] = [];
      // One window a run: int8 dynamic quantisation scales activations over the whole input
      // tensor, so a window batched with others (and their padding) would score differently.
      // onnxruntime-node runs each synchronously on the calling thread (its `run` only defers to
      // setImmediate), one after another: `threads` is what spreads a window over the cores, and
      // the reader belongs on a thread of its own (reader-thread.ts), not the event loop's.
      const logits = await Promise.all(
        windows.map((w) =>
          run([cls, ...q, sep, ...texts[w.passage]!.ids.slice(w.from, w.from + w.length), sep], first),
        ),
      );
      for (const [index, w] of windows.entries()) {
        const text = texts[w.passage]!;
        const { starts, ends } = logits[index]!;
        const nullScore = starts[0]! + ends[0]!;
        const positions = Array.from({ length: w.length }, (_, k) => first + k);
        const top = (logits: Float32Array) =>
          [...positions].sort((a, b) => logits[b]! - logits[a]!).slice(0, TOP_N);
        const topEnds = top(ends);
        const current = (best[w.passage] ??= {
          span: { start: 0, end: 0, text: '' },
          score: -Infinity,
          nullScore,
        });
        current.nullScore = Math.min(current.nullScore, nullScore);
        for (const i of top(starts))
          for (const j of topEnds) {
            if (j < i || j - i >= MAX_SPAN_TOKENS) continue;
            const score = starts[i]! + ends[j]!;
            if (score <= current.score) continue;
            const start = text.offsets[w.from + i - first]![0];
            const end = text.offsets[w.from + j - first]![1];
            current.score = score;
            current.span = { start, end, text: passages[w.passage]!.slice(start, end) };
          }
      }
      return passages.map((_, p) => {
        const found = best[p];
        if (!found || found.score === -Infinity) return null;
        return { ...found.span, margin: found.score - found.nullScore };
      });
    },
  };
}

/** Token ranges [from, from + length) of a passage's windows: `room` tokens each, overlapping by the stride. */
function windowsOf(text: TokenizedText, room: number): { from: number; length: number }[] {
  const out: { from: number; length: number }[] = [];
  const total = text.ids.length;
  if (total === 0) return out;
  for (let from = 0; ; from += room - STRIDE_TOKENS) {
    out.push({ from, length: Math.min(room, total - from) });
    if (from + room >= total) return out;
  }
}
