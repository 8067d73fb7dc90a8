import type { Kysely, Selectable } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ConnectorItemsTable, ConnectorsTable, DB } from '../db/schema.ts';
import type { FileStore } from '../documents/file-store.ts';
import type { CompanyQuota } from '../documents/quotas.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../lib/errors.ts';
import { OutboundRequestError } from '../lib/http-client.ts';
import { bump, claimRun, finishRun, renewLease, type RunRow } from './runs.ts';
import {
  archiveDocument,
  DEFAULT_RETENTION_DAYS,
  findRemoved,
  hasRemoved,
  restoreRemoved,
  writeRestoredPoints,
} from './removed.ts';
import {
  insertMirrored,
  newDocumentId,
  prepareItem,
  renameMirrored,
  replaceMirrored,
  storeOriginal,
  type FetchedItem,
  type MirrorTarget,
} from './documents.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type SourceItem,
  type SyncLimits,
} from './types.ts';

/** What a sync needs; `openSource` builds the connector's source (registry.ts). */
export interface SyncDeps {
  db: Kysely<DB>;
  files: FileStore;
  boss: PgBoss;
  quota?: CompanyQuota;
  vectorStore?: VectorStore;
  log: FastifyBaseLogger;
  leaseSeconds: number;
  maxItemBytes: number;
  openSource(connector: Selectable<ConnectorsTable>): Promise<ConnectorSource>;
  listsChanged?(companyId: string): void;
  /** Days a removed document stays recoverable (CONNECTOR_RETENTION_DAYS; default 30). */
  retentionDays?: number;
}

type ItemRow = Selectable<ConnectorItemsTable>;
/** Version stored for an item that failed: never equal to a real one, so the next sync retries it. */
const FAILED = '!failed';
/** Version recorded for an item restored with old bytes before its update: never a real one. */
const RESTORED = '!restored';
/** Unchanged items confirmed per transaction. */
const SEEN_BATCH = 500;

/**
 * The mass-deletion guard (docs/connectors.md "A sync that cannot empty a company"): a sync that
 * would delete more than this share of the documents the connector holds deletes nothing, ends
 * `failed` with the reason (`PAUSED_ERROR` …) and pauses the connector (`enabled: false`), when
 * the connector holds at least `MASS_DELETE_MIN_DOCUMENTS`. An unmounted share (a present, empty
 * folder), an emptied bucket or a wrong prefix look like this; the documents stay as they were.
 */
export const MASS_DELETE_SHARE = 0.5;
/**
 * Documents held from which `MASS_DELETE_SHARE` applies. Below it only a listing of nothing (while
 * the connector holds any document) trips the guard, so a small folder still mirrors its deletions.
 */
export const MASS_DELETE_MIN_DOCUMENTS = 10;
/**
 * How the error of a run stopped by the guard begins. The next run of a connector whose last run
 * says so and that is enabled again was resumed by an admin (PATCH `enabled: true`), and applies
 * its listing as it is, deletions included: that is how an admin confirms a real mass deletion.
 */
export const PAUSED_ERROR = 'Paused, nothing deleted:';

/**
 * Runs (or resumes) one sync: lists the source, then mirrors it exactly —
 * - an item whose version is unchanged costs its listing only (no download, no re-embed);
 * - a changed item is downloaded; same bytes (content hash) → only its version is recorded,
 *   else its document gets the new content and is ingested again;
 * - a new item whose bytes equal those of an item gone from the listing is a move: the document
 *   is renamed, nothing re-embedded; otherwise a new document is ingested;
 * - items gone from a complete listing are deleted with their documents, unless that would delete
 *   too many of them (`massDeletion`): then nothing is deleted and the connector is paused.
 * Every change commits with its item row and its count, so after a crash the next worker
 * (claimRun, once the lease ran out) skips what this run already did and the run ends with the
 * counts an uninterrupted run would have. A listing cut by a bound (maxItems, maxBytes) deletes
 * nothing. Files go through the ingestion queue, so the sandbox's parse budgets apply to each.
 * @returns the finished run, or null when another worker holds it or it was finished already.
 * @throws database-unavailable errors, so the queue retries the job.
 */
export async function runSync(deps: SyncDeps, runId: string): Promise<RunRow | null> {
  const run = await claimRun(deps.db, runId, deps.leaseSeconds);
  if (!run) return null;
  const lease = setInterval(
    () => void renewLease(deps.db, runId, deps.leaseSeconds).catch(() => {}),
    (deps.leaseSeconds * 1000) / 3,
  );
  lease.unref();
  const connector = await deps.db
    .selectFrom('connectors')
    .selectAll()
    .where('id', '=', run.connector_id)
    .where('company_id', '=', run.company_id)
    .executeTakeFirst();
  let source: ConnectorSource | null = null;
  try {
    if (!connector) return await finishRun(deps.db, runId, { status: 'failed', error: 'connector deleted' });
    source = await deps.openSource(connector);
    const outcome = await mirror(deps, run, connector, source);
    if (outcome.paused) {
      deps.log.warn({ runId, connectorId: connector.id }, outcome.paused);
      return await finishRun(deps.db, runId, {
        status: 'failed',
        error: outcome.paused,
        truncated: outcome.truncated,
        pause: true,
      });
    }
    return await finishRun(deps.db, runId, { status: 'completed', truncated: outcome.truncated });
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    const message =
      err instanceof ConnectorSourceError || err instanceof OutboundRequestError || err instanceof AppError
        ? err.message
        : `sync failed: ${(err as Error).message}`;
    deps.log.warn({ err, runId }, 'connector sync failed');
    return await finishRun(deps.db, runId, { status: 'failed', error: message.slice(0, 2000) });
  } finally {
    clearInterval(lease);
    await source?.close?.().catch(() => {});
    if (connector) deps.listsChanged?.(connector.company_id);
  }
}

async function mirror(
  deps: SyncDeps,
  run: RunRow,
  connector: Selectable<ConnectorsTable>,
  source: ConnectorSource,
): Promise<{ truncated: boolean; paused?: string }> {
  const { db } = deps;
  const limits: SyncLimits = { ...connector.limits, maxItemBytes: deps.maxItemBytes };
  const rows = await db
    .selectFrom('connector_items')
    .selectAll()
    .where('connector_id', '=', connector.id)
    .execute();
  const known = new Map(rows.map((r) => [r.item_key, r]));
  const target: MirrorTarget = {
    connectorId: connector.id,
    companyId: connector.company_id,
    topicId: connector.topic_id,
  };
  const listed = new Set<string>();
  const skipped: { item: string; error: string }[] = [];
  const pending: SourceItem[] = [];
  let seen: string[] = [];
  let truncated = false;
  const flushSeen = async () => {
    if (!seen.length) return;
    const keys = seen;
    seen = [];
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('connector_items')
        .set({ seen_run_id: run.id })
        .where('connector_id', '=', connector.id)
        .where('item_key', 'in', keys)
        .execute();
      await bump(trx, run.id, { unchanged: keys.length, listed: keys.length });
    });
  };
  const controller = new AbortController();
  let incomplete = false;
  const ctx = {
    limits,
    signal: controller.signal,
    incomplete: (where: string, reason: string) => {
      incomplete = true;
      skipped.push({ item: where, error: `not listed, nothing deleted: ${reason}` });
    },
    known: (key: string) => {
      const row = known.get(key);
      return row ? { version: row.version, meta: row.meta } : undefined;
    },
  };
  for await (const item of source.list(ctx)) {
    if (listed.has(item.key)) continue;
    if (listed.size >= limits.maxItems) {
      truncated = true;
      controller.abort();
      break;
    }
    listed.add(item.key);
    const row = known.get(item.key);
    if (row?.seen_run_id === run.id) continue; // done before a restart
    if (row && row.version === item.version) {
      seen.push(item.key);
      if (seen.length >= SEEN_BATCH) await flushSeen();
    } else pending.push(item);
  }
  await flushSeen();
  for (const error of skipped) await bump(db, run.id, {}, error);

  // Items gone from the listing, by content hash: a new item with the same bytes is a move.
  // A listing cut by a bound or incomplete (part of the source unreadable) deletes nothing.
  const gone =
    truncated || incomplete ? [] : rows.filter((r) => !listed.has(r.item_key) && r.seen_run_id !== run.id);
  const goneBySha = new Map<string, ItemRow>();
  for (const r of gone) if (r.sha256 && r.document_id) goneBySha.set(r.sha256, r);
  const moved = new Set<string>();
  let bytes = 0;
  for (const item of pending) {
    const row = known.get(item.key);
    let fetched: FetchedItem;
    try {
      if (item.size !== undefined && item.size > limits.maxItemBytes)
        throw new SourceItemError(`larger than ${limits.maxItemBytes} bytes (MAX_UPLOAD_MB)`);
      const raw = item.bytes ?? (await source.fetch(item, limits.maxItemBytes));
      if (raw.length > limits.maxItemBytes)
        throw new SourceItemError(`larger than ${limits.maxItemBytes} bytes`);
      if (bytes + raw.length > limits.maxBytes) {
        truncated = true;
        break;
      }
      bytes += raw.length;
      fetched = await prepareItem(item, raw);
    } catch (err) {
      if (!(err instanceof SourceItemError || err instanceof OutboundRequestError)) throw err;
      await recordFailure(db, run, target, item, row, err.message);
      continue;
    }
    try {
      await applyItem(deps, run, target, fetched, row, goneBySha, moved);
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // a quota refusal fails the item, not the run
      await recordFailure(db, run, target, item, row, err.message);
    }
  }
  if (!truncated && !incomplete) {
    const doomed = gone.filter((r) => !moved.has(r.item_key));
    const paused = massDeletion(rows, listed.size, doomed);
    if (paused && !(await resumedByAdmin(db, run, connector))) return { truncated, paused };
    for (const r of doomed) await deleteItem(deps, run, connector, r);
  }
  return { truncated };
}

/**
 * The guard's verdict on deleting `doomed` (see MASS_DELETE_SHARE): the reason to pause, for the
 * run's error and the admin, or null when the deletions may go ahead. Only items with a document
 * count: rows of items that never became one (failed, unsupported) are deleted freely.
 * @param rows the connector's items when the run began; @param listed items listed this run.
 */
export function massDeletion(rows: ItemRow[], listed: number, doomed: ItemRow[]): string | null {
  const held = rows.filter((r) => r.document_id).length;
  const deleting = doomed.filter((r) => r.document_id).length;
  if (!held || !deleting) return null;
  const empty = listed === 0;
  if (!empty && (held < MASS_DELETE_MIN_DOCUMENTS || deleting <= held * MASS_DELETE_SHARE)) return null;
  const what = empty
    ? `the source listed nothing while the connector holds ${held} documents`
    : `this sync would delete ${deleting} of the connector's ${held} documents (more than ${
        MASS_DELETE_SHARE * 100
      }%; the source listed ${listed} items)`;
  return (
    `${PAUSED_ERROR} ${what}. An unmounted share, an emptied bucket or a changed path looks like ` +
    'this. The connector is paused and its documents are kept: check the source and sync again ' +
    '(nothing is deleted while it is paused), or, if the deletions are meant, enable the connector ' +
    'again (enabled: true): its next sync applies them.'
  );
}

/** Whether the connector's previous run was stopped by the guard and an admin enabled it since. */
async function resumedByAdmin(
  db: Kysely<DB>,
  run: RunRow,
  connector: Selectable<ConnectorsTable>,
): Promise<boolean> {
  if (!connector.enabled) return false;
  const previous = await db
    .selectFrom('connector_runs')
    .select('error')
    .where('connector_id', '=', connector.id)
    .where('id', '!=', run.id)
    .where('status', 'in', ['completed', 'failed'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return previous?.error?.startsWith(PAUSED_ERROR) ?? false;
}

async function applyItem(
  deps: SyncDeps,
  run: RunRow,
  target: MirrorTarget,
  fetched: FetchedItem,
  known: ItemRow | undefined,
  goneBySha: Map<string, ItemRow>,
  movedKeys: Set<string>,
): Promise<void> {
  let row = known;
  const { db } = deps;
  const { item } = fetched;
  const upsert = (documentId: string | null) => ({
    connector_id: target.connectorId,
    item_key: item.key,
    company_id: target.companyId,
    version: item.version,
    sha256: fetched.sha256,
    document_id: documentId,
    source_url: item.sourceUrl,
    meta: JSON.stringify(item.meta ?? {}),
    seen_run_id: run.id,
    error: null,
    updated_at: new Date(),
  });
  const save = (trx: Kysely<DB>, documentId: string | null, restored?: { sha256: string | null }) =>
    trx
      .insertInto('connector_items')
      .values({
        ...upsert(documentId),
        ...(restored ? { version: RESTORED, sha256: restored.sha256 } : {}),
      })
      .onConflict((oc) =>
        oc.columns(['connector_id', 'item_key']).doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          sha256: eb.ref('excluded.sha256'),
          document_id: eb.ref('excluded.document_id'),
          source_url: eb.ref('excluded.source_url'),
          meta: eb.ref('excluded.meta'),
          seen_run_id: eb.ref('excluded.seen_run_id'),
          error: null,
          updated_at: new Date(),
        })),
      )
      .execute();
  const size = fetched.bytes.length;
  if (!row?.document_id && !goneBySha.has(fetched.sha256)) {
    const restored = await restoreItem(deps, run, target, fetched, save);
    if (restored === 'same') return;
    if (restored) row = restored;
  }
  if (row?.document_id && row.sha256 === fetched.sha256) {
    // New version, same bytes (a touched file, a re-uploaded object): nothing to re-embed.
    await db.transaction().execute(async (trx) => {
      await save(trx, row.document_id);
      await bump(trx, run.id, { unchanged: 1, listed: 1, bytes: size });
    });
    return;
  }
  if (row?.document_id) {
    const id = row.document_id;
    await storeOriginal(deps.files, target.companyId, id, fetched.bytes);
    await db.transaction().execute(async (trx) => {
      await replaceMirrored(trx, deps.boss, target, id, fetched);
      await save(trx, id);
      await bump(trx, run.id, { updated: 1, embedded: 1, listed: 1, bytes: size });
    });
    return;
  }
  const moved = goneBySha.get(fetched.sha256);
  if (moved?.document_id && !row) {
    goneBySha.delete(fetched.sha256);
    movedKeys.add(moved.item_key);
    const id = moved.document_id;
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('connector_items')
        .where('connector_id', '=', target.connectorId)
        .where('item_key', '=', moved.item_key)
        .execute();
      await renameMirrored(trx, target, id, item);
      await save(trx, id);
      await bump(trx, run.id, { moved: 1, listed: 1, bytes: size });
    });
    return;
  }
  const id = newDocumentId();
  await storeOriginal(deps.files, target.companyId, id, fetched.bytes);
  await db.transaction().execute(async (trx) => {
    await insertMirrored(trx, deps.boss, deps.quota, target, id, fetched);
    await save(trx, id);
    await bump(trx, run.id, { added: 1, embedded: 1, listed: 1, bytes: size });
  });
}

/** Whether the run's connector had removed documents when the run first asked (restoreItem). */
const withArchives = new WeakMap<RunRow, Promise<boolean>>();

/**
 * Gives a listed item with no document its removed document back (removed.ts), when the
 * connector removed one for the same key, or with the same bytes, within the retention: same id,
 * same chunks, nothing embedded. Bytes unchanged → counted `moved` (a document kept across a
 * removal), and done: `'same'`. Bytes changed → the item row is recorded with the archived hash
 * and a version no listing has, and returned, so the caller updates the document as any changed
 * item (new original, ingested again, `updated`); a crash in between leaves it to the next sync.
 * @returns 'same', the restored item's row, or null when no archive matched.
 * @throws AppError past the company's quota (the item fails; the archive stays).
 */
async function restoreItem(
  deps: SyncDeps,
  run: RunRow,
  target: MirrorTarget,
  fetched: FetchedItem,
  save: (trx: Kysely<DB>, id: string, restored?: { sha256: string | null }) => Promise<unknown>,
): Promise<'same' | ItemRow | null> {
  const { db } = deps;
  // A connector without archives (every first sync) is asked once per run, not once per new item:
  // no archive appears while items are applied (removals come after them).
  let any = withArchives.get(run);
  if (!any) withArchives.set(run, (any = hasRemoved(db, target.connectorId)));
  if (!(await any)) return null;
  const days = deps.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const match = await findRemoved(db, target.connectorId, fetched.item.key, fetched.sha256, days);
  if (!match) return null;
  const same = match.sha256 === fetched.sha256;
  const restored = await db.transaction().execute(async (trx) => {
    const restored = await restoreRemoved(trx, deps, target, match.id, {
      sizeBytes: fetched.bytes.length,
      reingesting: same ? [] : [match.id],
    });
    if (!restored) return null;
    if (same) {
      await renameMirrored(trx, target, match.id, fetched.item);
      await save(trx, match.id);
      await bump(trx, run.id, { moved: 1, listed: 1, bytes: fetched.bytes.length });
    } else await save(trx, match.id, { sha256: match.sha256 });
    return restored;
  });
  if (!restored) return null;
  await writeRestoredPoints(
    deps,
    target.companyId,
    restored.documents.map((d) => d.id),
  );
  if (same) return 'same';
  return db
    .selectFrom('connector_items')
    .selectAll()
    .where('connector_id', '=', target.connectorId)
    .where('item_key', '=', fetched.item.key)
    .executeTakeFirstOrThrow();
}

async function recordFailure(
  db: Kysely<DB>,
  run: RunRow,
  target: MirrorTarget,
  item: SourceItem,
  row: ItemRow | undefined,
  error: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('connector_items')
      .values({
        connector_id: target.connectorId,
        item_key: item.key,
        company_id: target.companyId,
        version: FAILED,
        sha256: row?.sha256 ?? null,
        document_id: row?.document_id ?? null,
        source_url: item.sourceUrl,
        seen_run_id: run.id,
        error,
      })
      .onConflict((oc) =>
        oc.columns(['connector_id', 'item_key']).doUpdateSet({ version: FAILED, seen_run_id: run.id, error }),
      )
      .execute();
    await bump(trx, run.id, { failed: 1, listed: 1 }, { item: item.key, error });
  });
}

/**
 * Removes an item gone from the source: its document (with attachments and chunks) moves to the
 * recoverable archive (removed.ts) in the transaction that deletes its item row and counts it,
 * so a crash leaves either both or neither; its points leave a separate vector store after that.
 */
async function deleteItem(
  deps: SyncDeps,
  run: RunRow,
  connector: Selectable<ConnectorsTable>,
  row: ItemRow,
): Promise<void> {
  const scope = { companyId: connector.company_id, connectorId: connector.id };
  const removed = await deps.db.transaction().execute(async (trx) => {
    const ids = row.document_id
      ? await archiveDocument(trx, scope, row.document_id, row.item_key, row.sha256)
      : [];
    const gone = await trx
      .deleteFrom('connector_items')
      .where('connector_id', '=', connector.id)
      .where('item_key', '=', row.item_key)
      .executeTakeFirst();
    if (gone.numDeletedRows > 0n) await bump(trx, run.id, { deleted: 1 });
    return ids;
  });
  for (const documentId of removed)
    await deps.vectorStore?.deleteDocument(connector.company_id, documentId).catch((err: unknown) => {
      deps.log.warn({ err, documentId }, 'vector store delete failed; re-sync removes the points');
    });
}
