/**
 * Where the reader comes from: the one shipped with the product in assets/reader (trained by
 * scripts/reader/, model card in docs/models.md; its files are pinned below and checked when it
 * loads), or an operator's own in MODELS_DIR or an absolute folder (READER_MODEL).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModelNotFoundError } from '../../embeddings/embedder.ts';
import { readerIsQuantized, type Reader } from './reader.ts';
import { loadThreadedReader } from './reader-thread.ts';

/** The shipped reader's folder (repository root / assets/reader). */
export const SHIPPED_READER_DIR = path.resolve(import.meta.dirname, '../../../assets/reader');

/** sha256 of every shipped file: written by scripts/reader/export.py into export.json, copied here. */
export const SHIPPED_READER_FILES: Record<string, string> = {
  'config.json': 'ae7acdd40723ccd6c6e95f27864bed35c2540ffd2370f0541357019637018e79',
  'tokenizer.json': 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
  'tokenizer_config.json': 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b',
  'special_tokens_map.json': '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3',
  'onnx/model_quantized.onnx': 'e4a70026ea69669fd623470b630b378a38eb24d3c8c2f067ae1473ffc5689967',
};

/**
 * The folder READER_MODEL names: '' = the shipped reader; a relative name = a folder under
 * `modelsDir`; an absolute path as it is.
 */
export function readerFolder(modelsDir: string, model: string): string {
  if (!model) return SHIPPED_READER_DIR;
  return path.isAbsolute(model) ? model : path.resolve(modelsDir, model);
}

/**
 * Loads the configured reader on `workers` worker threads of its own (reader-thread.ts: never
 * on the event loop); the shipped one only when its files match their pins.
 * @throws ModelNotFoundError when the folder holds no model or a shipped file is missing or altered;
 *   the thread's error when the model cannot be loaded or read
 */
export async function loadConfiguredReader(
  modelsDir: string,
  model: string,
  threads: number,
  workers = 1,
): Promise<Reader> {
  const folder = readerFolder(modelsDir, model);
  if (folder === SHIPPED_READER_DIR) verifyShipped();
  readerIsQuantized(folder); // a missing model is a ModelNotFoundError here, not the thread's
  return loadThreadedReader({ folder, threads }, workers);
}

function verifyShipped(): void {
  for (const [file, sha256] of Object.entries(SHIPPED_READER_FILES)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(SHIPPED_READER_DIR, file));
    } catch {
      throw new ModelNotFoundError(`shipped reader file missing: assets/reader/${file}`);
    }
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256)
      throw new ModelNotFoundError(`shipped reader file altered: assets/reader/${file} (sha256 ${actual})`);
  }
}
