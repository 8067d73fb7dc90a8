import type { Selectable } from 'kysely';
import type { DocumentsTable } from '../db/schema.ts';
import { FileMissingError } from '../documents/file-store.ts';
import { DocumentParseError, type DocumentFormat, type ParseProgress } from './parsers/types.ts';
import { chunkDocumentAsync } from './chunker.ts';
import { failDocument } from './fail.ts';
import type { IngestDeps } from './ingest-deps.ts';
import type { PreparedDocument } from './slices.ts';

/**
 * The document parsed and chunked, within the embedding budget — both in the parse sandbox's
 * child when it has the tokenizer (production: src/context.ts), so no byte of the file is worked
 * on by this process; here, sliced, when the parse gave no chunks (a parse without the sandbox); or how the attempt ended (ERROR
 * with the parser's or the budget's reason, `skipped` when cancelled). `onProgress` is told of
 * work the parse starts as it starts (pages read by OCR), for the budget to grant time.
 * @throws infrastructure errors.
 */
export async function prepareDocument(
  deps: IngestDeps,
  doc: Selectable<DocumentsTable>,
  language: string,
  signal: AbortSignal,
  onProgress?: (progress: ParseProgress) => void,
): Promise<PreparedDocument | 'error' | 'skipped'> {
  const { db } = deps;
  const budget = deps.maxChunks !== undefined ? { maxChunks: deps.maxChunks } : {};
  const chunking = { options: deps.chunking, ...budget };
  let parsed;
  try {
    const bytes = await deps.files.get(doc.storage_key);
    parsed = await deps.parse(
      doc.format as DocumentFormat,
      bytes,
      {
        language,
        chunking,
        ...(deps.ocr ? { ocr: deps.ocr } : {}),
        ...(onProgress ? { onProgress } : {}),
      },
      signal,
    );
  } catch (err) {
    if (signal.aborted) return 'skipped';
    if (err instanceof FileMissingError) {
      // Not a passing fault: retrying cannot make the file appear (a store not shared with the API).
      await failDocument(
        db,
        doc.company_id,
        doc.id,
        `the original file is missing from the file store (${deps.files.location})`,
      );
      return 'error';
    }
    if (!(err instanceof DocumentParseError)) throw err;
    await failDocument(db, doc.company_id, doc.id, err.message);
    return 'error';
  }
  if (signal.aborted) return 'skipped';
  const { chunks: made, ...rest } = parsed;
  parsed = rest;
  // Chunking a long text takes seconds: a delete stops it too, and so does the budget's end.
  const chunks =
    made ??
    (await chunkDocumentAsync(parsed, deps.embedder, deps.chunking, undefined, { signal, ...budget }));
  if (signal.aborted) return 'skipped';
  if (chunks.length === 0) {
    await failDocument(db, doc.company_id, doc.id, 'no extractable text');
    return 'error';
  }
  if (deps.maxChunks !== undefined && chunks.length > deps.maxChunks) {
    const n = (x: number) => x.toLocaleString('en-US');
    await failDocument(
      db,
      doc.company_id,
      doc.id,
      `the document makes more than ${n(deps.maxChunks)} chunks to embed; at most ${n(deps.maxChunks)} are accepted (INGEST_MAX_CHUNKS)`,
    );
    return 'error';
  }
  return { parsed, chunks };
}
