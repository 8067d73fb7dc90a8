/**
 * The parser process: forked by sandbox.ts (through child-pool.ts) with a capped V8 heap, it
 * parses one document per message — and chunks it, when asked, with the embedding model's own
 * tokenizer — and answers with the blocks (and chunks) or a user-facing reason. Anything it
 * cannot survive (out of memory, a parser stuck in a loop) ends the process, which the parent
 * reports as an ordinary parse failure — the API's process never runs parser or chunker code.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from '../parsers/index.ts';
import {
  DocumentParseError,
  type DocumentFormat,
  type ParsedDocument,
  type ParseOptions,
  type ParseProgress,
} from '../parsers/types.ts';
import { chunkDocumentAsync, type ChunkingOptions, type TokenCounter } from '../chunker.ts';
import { checkOutput, type SandboxLimits } from './limits.ts';

/** Where the embedding model's tokenizer files are: `<modelsDir>/<modelId>/tokenizer.json`. */
export interface TokenizerSpec {
  modelsDir: string;
  modelId: string;
}

/** A job from the parent. */
export interface ParseJob {
  id: number;
  format: DocumentFormat;
  bytes: Uint8Array;
  options: Omit<ParseOptions, 'chunking' | 'onProgress'>;
  limits: SandboxLimits;
  /** Chunk the result too (INGEST_MAX_CHUNKS stops it at maxChunks + 1 chunks). */
  chunk?: { tokenizer: TokenizerSpec; options: ChunkingOptions; maxChunks?: number };
}

const tokenizers = new Map<string, Promise<TokenCounter | null>>();

/**
 * The embedder's token count (transformers.embedder.ts `count`): the same tokenizer files read by
 * @huggingface/tokenizers, the tokenizer transformers.js itself bundles, without loading ONNX
 * Runtime (23 MB of resident memory instead of 67 MB), so chunks are identical to those counted
 * beside the embedder (502 sample texts, 0 differences: test/ingestion/parse-off-api.test.ts).
 * Loaded once per child. Null when the files are not there (an embedder that is not a local
 * model, in tests): the document then comes back unchunked and the caller chunks it (prepare.ts).
 */
function tokenizerOf(spec: TokenizerSpec): Promise<TokenCounter | null> {
  const key = join(spec.modelsDir, spec.modelId);
  let counter = tokenizers.get(key);
  if (!counter) {
    counter = (async () => {
      const { Tokenizer } = await import('@huggingface/tokenizers');
      const json = async (name: string) => JSON.parse(await readFile(join(key, name), 'utf8')) as object;
      const tokenizer = new Tokenizer(await json('tokenizer.json'), await json('tokenizer_config.json'));
      return { count: (text: string) => tokenizer.encode(text, { add_special_tokens: false }).ids.length };
    })().catch(() => null);
    tokenizers.set(key, counter);
  }
  return counter;
}

async function handle(job: ParseJob): Promise<ParsedDocument> {
  // Progress goes to the parent as it happens (the ingestion budget grants time per OCR'd page).
  const onProgress = (progress: ParseProgress) => process.send!({ id: job.id, progress });
  const parsed = await parseDocument(job.format, job.bytes, {
    ...job.options,
    limits: job.limits,
    onProgress,
  });
  checkOutput(parsed, job.limits);
  if (!job.chunk) return parsed;
  const { tokenizer, options, maxChunks } = job.chunk;
  const counter = await tokenizerOf(tokenizer);
  if (!counter) return parsed;
  const chunks = await chunkDocumentAsync(parsed, counter, options, 50, {
    ...(maxChunks !== undefined ? { maxChunks } : {}),
  });
  return { ...parsed, chunks };
}

process.on('message', (job: ParseJob) => {
  void (async () => {
    try {
      process.send!({ id: job.id, ok: true, result: await handle(job) });
    } catch (err) {
      const reason = err instanceof DocumentParseError ? err.message : 'the document could not be read';
      process.send!({ id: job.id, ok: false, reason });
    }
  })();
});
// The sandbox passes the tokenizer to preload (sandbox.ts); ready once it is loaded.
const preload = process.argv[2];
if (preload) await tokenizerOf(JSON.parse(preload) as TokenizerSpec);
process.send!({ ready: true });
