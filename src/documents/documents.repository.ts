import { sql, type Kysely } from 'kysely';
import type { DB, DocumentStatus } from '../db/schema.ts';
import { canRead, type AccessScope } from '../access/scope.ts';

/** The API shape of a document (spec fields + ARCHITECTURE.md's detail fields). */
export interface DocumentView {
  id: string;
  name: string;
  status: DocumentStatus;
  topicId: string | null;
  mimeType: string;
  format: string;
  /** The e-mail this document was attached to; null for an upload. */
  parentId: string | null;
  /** 0-based place of the attachment in its parent message; null for an upload. */
  attachmentIndex: number | null;
  sizeBytes: number;
  pageCount: number | null;
  chunkCount: number | null;
  error: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  vectorizedAt: string | null;
}

const COLUMNS = [
  'id',
  'name',
  'status',
  'topic_id',
  'mime_type',
  'format',
  'parent_id',
  'attachment_index',
  'size_bytes',
  'page_count',
  'chunk_count',
  'error',
  'metadata',
  'created_at',
  'updated_at',
  'vectorized_at',
] as const;

type Row = Pick<DB['documents'], never> & {
  id: string;
  name: string;
  status: DocumentStatus;
  topic_id: string | null;
  mime_type: string;
  format: string;
  parent_id: string | null;
  attachment_index: number | null;
  size_bytes: number;
  page_count: number | null;
  chunk_count: number | null;
  error: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  vectorized_at: Date | null;
};

export function documentView(r: Row): DocumentView {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    topicId: r.topic_id,
    mimeType: r.mime_type,
    format: r.format,
    parentId: r.parent_id,
    attachmentIndex: r.attachment_index,
    sizeBytes: r.size_bytes,
    pageCount: r.page_count,
    chunkCount: r.chunk_count,
    error: r.error,
    metadata: r.metadata,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    vectorizedAt: r.vectorized_at ? r.vectorized_at.toISOString() : null,
  };
}

/** The document if `scope` may read it (src/access/scope.ts); undefined otherwise, as for none. */
export async function findDocument(
  db: Kysely<DB>,
  scope: AccessScope,
  id: string,
): Promise<DocumentView | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where(canRead(scope, sql.ref('documents.topic_id')))
    .executeTakeFirst();
  return row ? documentView(row) : undefined;
}

export interface DocumentListQuery {
  page: number;
  limit: number;
  sort: 'createdAt' | 'updatedAt' | 'name' | 'status' | 'sizeBytes';
  order: 'asc' | 'desc';
  status?: DocumentStatus;
  topicId?: string;
  /** Only the attachments of this e-mail. */
  parentId?: string;
  /** Words that must each appear in the name (any order, case-insensitive). */
  search?: string;
  /** The original's SHA-256, hex: finds uploads of the same bytes. */
  sha256?: string;
}

const SORT_COLUMNS = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  name: 'name',
  status: 'status',
  sizeBytes: 'size_bytes',
} as const;

/** One page of the documents `scope` may read and their total count, with the spec's filters. */
export async function listDocuments(
  db: Kysely<DB>,
  scope: AccessScope,
  q: DocumentListQuery,
): Promise<{ items: DocumentView[]; total: number }> {
  let base = db
    .selectFrom('documents')
    .where('company_id', '=', scope.companyId)
    .where(canRead(scope, sql.ref('documents.topic_id')));
  if (q.status) base = base.where('status', '=', q.status);
  // `none` (never a topic's id: those are `top_…`) asks for the documents in no topic.
  if (q.topicId === 'none') base = base.where('topic_id', 'is', null);
  else if (q.topicId) base = base.where('topic_id', '=', q.topicId);
  if (q.parentId) base = base.where('parent_id', '=', q.parentId);
  // Each word of the search must appear in the name: "mammoth readme" finds mammoth-README.md.
  for (const word of (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 10)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`name ilike ${pattern}`);
  }
  if (q.sha256) base = base.where('sha256', '=', q.sha256.toLowerCase());
  // The total rides along with the page (a window count): one round trip instead of two, which
  // on PGlite's single connection is most of this request's cost. A page past the end has no
  // row to carry it, so only then is it counted on its own.
  const rows = await base
    .select(COLUMNS)
    .select(sql<string>`count(*) over ()`.as('total_count'))
    .orderBy(SORT_COLUMNS[q.sort], q.order)
    .orderBy('id', q.order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : q.page === 1
        ? 0
        : Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { items: rows.map(documentView), total };
}

/** Sets the status (and error) and touches updated_at. */
export async function setDocumentStatus(
  db: Kysely<DB>,
  id: string,
  status: DocumentStatus,
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ status, error, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
