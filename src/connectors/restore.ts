import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.ts';
import type { AppContext } from '../context.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { findDocument } from '../documents/documents.repository.ts';
import type { DocumentView } from '../documents/documents.repository.ts';
import { findConnector } from './connectors.repository.ts';
import { DEFAULT_RETENTION_DAYS, restoreRemoved, writeRestoredPoints } from './removed.ts';

// An admin's view of what a connector's syncs removed (removed.ts), and putting one back by hand
// (docs/connectors.md "Removed documents"): routes GET /api/connectors/{id}/removed-documents and
// POST …/removed-documents/{documentId}/restore.

/** Version of an item row a restore by hand writes: no listing has it, so the next sync compares bytes. */
const RESTORED_BY_ADMIN = '!restored';

/** A removed document as the API shows it (schemas/connectors.ts `RemovedDocument`). */
export interface RemovedView {
  id: string;
  connectorId: string;
  itemKey: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  status: string;
  chunkCount: number | null;
  attachments: number;
  removedAt: string;
  purgeAfter: string;
}

interface RemovedRow {
  id: string;
  connector_id: string;
  item_key: string;
  root: { name: string; mime_type: string; size_bytes: number; status: string; chunk_count: number | null };
  attachments: number;
  removed_at: Date;
  purge_after: Date;
}

/**
 * The connector's removed documents still within the retention (`retentionDays`), newest
 * removal first, a page of them and the total. The company is part of the query: another
 * company's connector lists nothing (the route answers 404 before, from findConnector).
 */
export async function listRemoved(
  db: Kysely<DB>,
  companyId: string,
  connectorId: string,
  retentionDays: number,
  page: number,
  limit: number,
): Promise<{ items: RemovedView[]; total: number }> {
  const within = sql<boolean>`removed_at > now() - make_interval(days => ${retentionDays})`;
  const base = db
    .selectFrom('removed_documents')
    .where('connector_id', '=', connectorId)
    .where('company_id', '=', companyId)
    .where(within);
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'connector_id',
        'item_key',
        sql<RemovedRow['root']>`documents -> 0`.as('root'),
        sql<number>`jsonb_array_length(documents) - 1`.as('attachments'),
        'removed_at',
        sql<Date>`removed_at + make_interval(days => ${retentionDays})`.as('purge_after'),
      ])
      .orderBy('removed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = (rows as RemovedRow[]).map((r) => ({
    id: r.id,
    connectorId: r.connector_id,
    itemKey: r.item_key,
    name: r.root.name,
    mimeType: r.root.mime_type,
    sizeBytes: Number(r.root.size_bytes),
    status: r.root.status,
    chunkCount: r.root.chunk_count,
    attachments: Number(r.attachments),
    removedAt: new Date(r.removed_at).toISOString(),
    purgeAfter: new Date(r.purge_after).toISOString(),
  }));
  return { items, total: total.n };
}

/**
 * Puts removed document `documentId` of the connector back by hand (restoreRemoved): same id,
 * chunks and embeddings (searchable when this returns; a separate vector store is written after
 * the commit). Unless `detach`, the document stays the connector's, with an item row for its key
 * (a version no listing has: the next sync keeps it when the source still lists the item, updates
 * it when its bytes changed, and removes it again when the source no longer has it); with
 * `detach` it becomes an ordinary document the connector no longer manages.
 * @throws 404 when the connector or the archive is not the company's or is past the retention;
 *   409 while a sync of the connector is queued or running, when a live document has one of its
 *   ids, or (not detached) when the connector's item of that key has a document; 413/409 past
 *   the company's quota.
 */
export async function restoreByAdmin(
  ctx: AppContext,
  log: FastifyBaseLogger,
  companyId: string,
  connectorId: string,
  documentId: string,
  options: { detach: boolean },
): Promise<DocumentView> {
  const connector = await findConnector(ctx.db, companyId, connectorId);
  if (!connector) throw notFound('Connector');
  const days = ctx.config.connectors.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const restored = await ctx.db.transaction().execute(async (trx) => {
    const archive = await trx
      .selectFrom('removed_documents')
      .select([
        'id',
        'item_key',
        'sha256',
        sql<number>`(documents -> 0 ->> 'size_bytes')::bigint`.as('size_bytes'),
        sql<string | null>`documents -> 0 -> 'metadata' ->> 'sourceUrl'`.as('source_url'),
      ])
      .where('id', '=', documentId)
      .where('connector_id', '=', connectorId)
      .where('company_id', '=', companyId)
      .where(sql<boolean>`removed_at > now() - make_interval(days => ${days})`)
      .forUpdate()
      .executeTakeFirst();
    if (!archive) throw notFound('Removed document');
    const running = await trx
      .selectFrom('connector_runs')
      .select('id')
      .where('connector_id', '=', connectorId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (running) throw conflict('A sync of this connector is in progress; restore when it has ended');
    const { rows: live } = await sql<{ id: string }>`
      select d.id from documents d
       where d.id in (select e ->> 'id' from removed_documents r,
                      jsonb_array_elements(r.documents) e where r.id = ${documentId})
       limit 1`.execute(trx);
    if (live.length) throw conflict(`A document with id ${live[0]!.id} exists`);
    const item = await trx
      .selectFrom('connector_items')
      .select('document_id')
      .where('connector_id', '=', connectorId)
      .where('item_key', '=', archive.item_key)
      .executeTakeFirst();
    if (item?.document_id && !options.detach)
      throw conflict(`The connector's item ${archive.item_key} has a document (${item.document_id})`);
    const scope = { companyId, connectorId, topicId: connector.topic_id };
    const done = await restoreRemoved(trx, ctx, scope, documentId, { sizeBytes: Number(archive.size_bytes) });
    if (!done) throw notFound('Removed document');
    const ids = done.documents.map((d) => d.id);
    if (options.detach)
      await trx.updateTable('documents').set({ connector_id: null }).where('id', 'in', ids).execute();
    else
      await trx
        .insertInto('connector_items')
        .values({
          connector_id: connectorId,
          item_key: archive.item_key,
          company_id: companyId,
          version: RESTORED_BY_ADMIN,
          sha256: archive.sha256,
          document_id: documentId,
          source_url: archive.source_url ?? archive.item_key,
          meta: JSON.stringify({}),
          seen_run_id: null,
          error: null,
          updated_at: new Date(),
        })
        .onConflict((oc) =>
          oc.columns(['connector_id', 'item_key']).doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            sha256: eb.ref('excluded.sha256'),
            document_id: eb.ref('excluded.document_id'),
            error: null,
            updated_at: new Date(),
          })),
        )
        .execute();
    return ids;
  });
  await writeRestoredPoints({ db: ctx.db, vectorStore: ctx.vectorStore, log }, companyId, restored);
  ctx.listCache.bump(companyId);
  const doc = await findDocument(ctx.db, { kind: 'company', companyId }, documentId);
  if (!doc) throw notFound('Removed document');
  return doc;
}
