import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, DocumentsTable } from '../db/schema.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { beginAttempt, lockOwned } from './chunk-writer.ts';
import { insertAttachments, prepareAttachments, type PreparedAttachment } from './attachments.ts';
import { companyLanguage } from '../retrieval/lexical/bm25.ts';
import { embedAndWrite } from './embed-loop.ts';
import { prepareDocument } from './prepare.ts';
import { failDocument } from './fail.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { BudgetClock, chunksAllowed, expansionReason } from './budget.ts';
import type { ParseProgress } from './parsers/types.ts';

export type { IngestDeps } from './ingest-deps.ts';
export { failDocument } from './fail.ts';

/** `yielded`: the attempt handed its slot over and enqueued its next slice (slices.ts). */
export type IngestOutcome = 'vectorized' | 'error' | 'skipped' | 'yielded';

/** A job's particulars: `resume` = the attempt a continuation goes on with. */
export interface IngestRun {
  resume?: number;
  requestId?: string;
  /** performance.now() when the worker took the job: the budget counts from here (default: now). */
  takenAt?: number;
  /**
   * Work of the attempt's earlier slices, ms, counted against its budget (continuations): less
   * the time granted for OCR'd pages (BudgetClock.carried), which is not granted again.
   */
  spentMs?: number;
  /**
   * Aborted when the worker shuts down: the attempt stops at once (parse child killed, embedding
   * at its next group) and, with `deps.slicing`, hands its slice over — its continuation is
   * enqueued for another worker to take now (`yielded`), the chunks written so far kept.
   */
  handOver?: AbortSignal;
}

/**
 * Runs one document through parse → chunk → embed → index. Idempotent: a VECTORIZED or deleted
 * document is skipped. Chunks are written in short transactions while the document is
 * PROCESSING and it turns VECTORIZED in a last one (chunk-writer.ts: crash safety, no duplicate
 * or orphan chunks). CPU-bound steps give the event loop back every few milliseconds, as the API
 * may share it. A document that cannot be parsed ends ERROR with the parser's reason. With
 * `deps.slicing`, a long attempt hands its slot to another company's waiting document and enqueues
 * its continuation (`yielded`); `run.resume` goes on with that attempt (src/ingestion/slices.ts).
 * With `deps.budget`, an attempt past its wall-clock budget (counted from `run.takenAt`, plus
 * `run.spentMs` of its earlier slices) or making more chunks than its size allows ends ERROR
 * naming the limit (src/ingestion/budget.ts).
 * @throws on infrastructure failures (database, model), so the queue retries the job.
 */
export async function ingestDocument(
  deps: IngestDeps,
  documentId: string,
  run: IngestRun = {},
): Promise<IngestOutcome> {
  const touched: { companyId: string | null } = { companyId: null };
  let outcome: IngestOutcome | undefined;
  try {
    outcome = await ingestOnce(deps, documentId, touched, run);
    return outcome;
  } finally {
    // The parsed document is kept only for the attempt's next slice.
    if (outcome !== 'yielded') deps.slicing?.prepared.delete(documentId);
    // Whatever the way out (VECTORIZED, ERROR, superseded, a thrown infrastructure error).
    if (touched.companyId) deps.listsChanged?.(touched.companyId);
  }
}

async function ingestOnce(
  deps: IngestDeps,
  documentId: string,
  touched: { companyId: string | null },
  run: IngestRun,
): Promise<IngestOutcome> {
  const { db } = deps;
  const doc = await db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
  if (!doc || doc.status === 'VECTORIZED' || doc.status === 'ERROR') return 'skipped';
  touched.companyId = doc.company_id;
  let attempt: number | null = null;
  if (run.resume !== undefined) {
    // A continuation goes on with its attempt; a newer attempt owns the document: nothing to do.
    // One given back (a lost database) is below it: then a fresh attempt, as for a retried job.
    if (doc.attempts > run.resume) return 'skipped';
    if (doc.attempts === run.resume && doc.status === 'PROCESSING') attempt = run.resume;
  }
  if (attempt === null) {
    if (doc.attempts >= deps.maxAttempts) {
      // Each earlier attempt was counted before it began and never finished: it crashed or was cut off.
      await failDocument(
        db,
        doc.company_id,
        documentId,
        `processing was interrupted ${doc.attempts} times (the process handling it stopped); giving up`,
      );
      return 'error';
    }
    attempt = await beginAttempt(db, documentId);
    if (attempt === null) return 'skipped';
  }
  deps.onAttemptBegun?.(documentId, attempt);
  // A delete (or a newer attempt) cancels this one within cancelPollMs: the parse's child process
  // is killed and the embedding stops at its next group, so the slot is free for others at once.
  const cancel = watchForCancel(db, documentId, attempt, deps.cancelPollMs ?? 1000);
  // The budget stops the attempt the same way; the slices before this one count against it.
  const resumed = run.resume === attempt;
  const clock = deps.budget
    ? new BudgetClock(
        deps.budget,
        doc.format,
        doc.size_bytes,
        run.takenAt ?? performance.now(),
        resumed ? (run.spentMs ?? 0) : 0,
        // A continuation parses again unless this process kept its parsed document.
        resumed && !deps.slicing?.prepared.get(documentId, attempt),
      )
    : null;
  const signal = AbortSignal.any([
    cancel.signal,
    ...(clock ? [clock.signal] : []),
    ...(run.handOver ? [run.handOver] : []),
  ]);
  try {
    const outcome = await ingestAttempt(deps, doc, attempt, signal, run, clock);
    if (
      outcome === 'skipped' &&
      run.handOver?.aborted &&
      deps.slicing &&
      !cancel.signal.aborted &&
      !clock?.signal.aborted
    ) {
      // Cut off by a shutdown: the same attempt goes on elsewhere, after the chunks written.
      await deps.slicing.continueLater(doc, attempt, run.requestId, clock?.carried());
      return 'yielded';
    }
    // Stopped by the budget (not by a delete): the document ends ERROR naming the limit, unless a
    // delete or a newer attempt took it meanwhile.
    if (outcome === 'skipped' && clock?.signal.aborted && !cancel.signal.aborted) {
      const failed = await failDocument(
        db,
        doc.company_id,
        documentId,
        clock.reason(),
        deps.vectorStore,
        attempt,
      );
      return failed ? 'error' : 'skipped';
    }
    return outcome;
  } finally {
    cancel.stop();
    clock?.stop();
  }
}

/**
 * The parse's progress listener that grants INGEST_BUDGET_OCR_PAGE_SECONDS to `clock` for each page
 * the parser starts reading by OCR (scans: 3.5–11 s a page quiet, up to 51 s at load 17, more than
 * any size-based deadline allows). At most OCR_MAX_PAGES grants (at least 1: an image is one
 * page), whatever the child reports: the parser refuses more scanned pages before it starts, so
 * the cap only guards against a parse that misreports. Undefined without a budget.
 */
function ocrGrants(deps: IngestDeps, clock: BudgetClock | null): ((p: ParseProgress) => void) | undefined {
  // Granting 0 s (INGEST_BUDGET_OCR_PAGE_SECONDS=0) still counts the pages, for the reason.
  if (!clock || deps.budget?.ocrPageMs === undefined) return undefined;
  const perPage = deps.budget.ocrPageMs;
  const most = Math.max(1, deps.ocr?.maxPages ?? 0);
  let pages = 0;
  return (progress) => {
    if (progress.ocrPage === undefined || pages >= most) return;
    pages++;
    clock.grant(perPage);
  };
}

/**
 * Aborts `signal` once the document's row is gone or another attempt owns it, checked every
 * `pollMs` (one indexed read; the attempt's own queries would notice only at its very end).
 */
function watchForCancel(db: Kysely<DB>, documentId: string, attempt: number, pollMs: number) {
  const controller = new AbortController();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    db.selectFrom('documents')
      .select('attempts')
      .where('id', '=', documentId)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.attempts !== attempt) controller.abort();
      })
      .catch(() => {}) // a database hiccup is not a cancellation
      .finally(() => (busy = false));
  }, pollMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

async function ingestAttempt(
  deps: IngestDeps,
  doc: Selectable<DocumentsTable>,
  attempt: number,
  signal: AbortSignal,
  run: IngestRun,
  clock: BudgetClock | null,
): Promise<IngestOutcome> {
  const { db } = deps;
  const documentId = doc.id;
  const sliceStarted = performance.now();
  deps.listsChanged?.(doc.company_id); // PROCESSING shows at once, not when the attempt ends
  // The company's language: the OCR language, and the BM25 analyzer below.
  const language = await companyLanguage(db, doc.company_id);
  const kept = deps.slicing?.prepared.get(documentId, attempt);
  const ready = kept ?? (await prepareDocument(deps, doc, language, signal, ocrGrants(deps, clock)));
  if (typeof ready === 'string') return ready;
  const { parsed, chunks } = ready;
  if (deps.budget && chunks.length > chunksAllowed(deps.budget, doc.size_bytes)) {
    // Far more text than the file's size allows: no time is granted for embedding it.
    const reason = expansionReason(deps.budget, doc.size_bytes, chunks.length);
    return (await failDocument(db, doc.company_id, documentId, reason, deps.vectorStore, attempt))
      ? 'error'
      : 'skipped';
  }
  // Parsed and chunked in time: the embedding's part of the budget is granted from now.
  clock?.parsed(chunks.length);
  // A continuation goes on after the chunks its earlier slices wrote (in order, whole groups).
  const from =
    run.resume === undefined
      ? 0
      : Number(
          (
            await db
              .selectFrom('chunks')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('document_id', '=', documentId)
              .executeTakeFirstOrThrow()
          ).n,
        );
  const store = deps.vectorStore?.kind === 'qdrant' ? deps.vectorStore : null;
  const written = await embedAndWrite(deps, {
    doc,
    attempt,
    chunks,
    title: parsed.title ?? doc.name,
    language,
    signal,
    from,
    sliceStarted,
    // Only a fresh attempt may hand over right after its parse: a continuation that had to parse
    // again (another worker) embeds a group first, so no document is parsed over and over.
    parsedInThisSlice: !kept && run.resume === undefined,
  });
  if (written === 'yielded') {
    deps.slicing!.prepared.set(documentId, attempt, ready);
    await deps.slicing!.continueLater(doc, attempt, run.requestId, clock?.carried());
    return 'yielded';
  }
  if (written !== 'owned') {
    // Cancelled, deleted meanwhile (its chunks went with it), or a newer attempt owns it.
    if (written === 'deleted') await store?.deleteDocument(doc.company_id, documentId);
    return 'skipped';
  }

  // Attachments' files are stored before their rows' transaction (no file writes inside one).
  const prepared: PreparedAttachment[] =
    parsed.attachments?.length && deps.boss
      ? await prepareAttachments(deps.files, doc, parsed.attachments)
      : [];
  const storedKeys = prepared.flatMap((p) => (p.child ? [p.child.storageKey] : []));
  const content = parsed.blocks.map((b: { text: string }) => b.text).join('\n');
  let orphanKeys: string[] = [];
  const ownership = await db
    .transaction()
    .execute(async (trx) => {
      const owned = await lockOwned(trx, documentId, attempt);
      if (owned !== 'owned') {
        orphanKeys = storedKeys;
        return owned;
      }
      const children =
        prepared.length > 0
          ? await insertAttachments(
              trx,
              { boss: deps.boss!, quota: deps.quota, maxDescendants: deps.maxAttachmentsPerUpload },
              doc,
              prepared,
            )
          : null;
      orphanKeys = children?.orphanKeys ?? [];
      await trx
        .updateTable('documents')
        .set({
          status: 'VECTORIZED',
          error: null,
          chunk_count: chunks.length,
          page_count: parsed.pageCount,
          title: parsed.title,
          content,
          // OCR'd pages and tesseract's confidence per page (0–100), for the user to judge the text.
          ...(children
            ? { metadata: sql`metadata || ${JSON.stringify({ attachments: children.outcomes })}::jsonb` }
            : {}),
          ...(parsed.ocr
            ? {
                metadata: sql`metadata || ${JSON.stringify({
                  ocr: {
                    pages: parsed.ocr,
                    meanConfidence: Math.round(
                      parsed.ocr.reduce((sum, p) => sum + p.confidence, 0) / parsed.ocr.length,
                    ),
                  },
                })}::jsonb`,
              }
            : {}),
          updated_at: new Date(),
          vectorized_at: new Date(),
        })
        .where('id', '=', documentId)
        .execute();
      await recordEvent(trx, doc.company_id, 'document.vectorized', {
        documentId,
        chunkCount: chunks.length,
      });
      return owned;
    })
    .catch(async (err: unknown) => {
      await Promise.all(storedKeys.map((k) => deps.files.delete(k).catch(() => {})));
      throw err;
    });
  await Promise.all(orphanKeys.map((k) => deps.files.delete(k).catch(() => {})));
  if (ownership === 'owned') return 'vectorized';
  // Deleted while it was being indexed: its points must go too.
  if (ownership === 'deleted') await store?.deleteDocument(doc.company_id, documentId);
  return 'skipped';
}
