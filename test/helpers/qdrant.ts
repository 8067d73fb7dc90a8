import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { QdrantClient } from '@qdrant/js-client-rest';
import { DATASETS, signUp } from './app.ts';
import { multipartBody, waitForDocument } from './multipart.ts';
import { startQdrantStandIn, type QdrantStandIn, type SeenRequest } from './qdrant-standin.ts';

/**
 * The Qdrant the tests talk to: the real server at QDRANT_URL (QDRANT_API_KEY) when set, else a
 * local stand-in (qdrant-standin.ts) that validates every request against Qdrant's OpenAPI
 * document. Each call gets its own collection, dropped at teardown.
 */
export async function testQdrant(t: { teardown(fn: () => unknown): void }) {
  const realUrl = process.env.QDRANT_URL;
  const apiKey = realUrl ? process.env.QDRANT_API_KEY : `standin-${randomBytes(8).toString('hex')}`;
  let standIn: QdrantStandIn | null = null;
  if (!realUrl) {
    standIn = await startQdrantStandIn({ apiKey });
    t.teardown(() => standIn!.close());
  }
  const url = realUrl ?? standIn!.url;
  const collection = `cograg_test_${randomBytes(5).toString('hex')}`;
  t.teardown(async () => {
    if (realUrl)
      await new QdrantClient({ url, apiKey, checkCompatibility: false }).deleteCollection(collection);
  });
  const env: Record<string, string> = {
    VECTOR_STORE: 'qdrant',
    QDRANT_URL: url,
    QDRANT_COLLECTION: collection,
    ...(apiKey ? { QDRANT_API_KEY: apiKey } : {}),
  };
  return { standIn, env, collection };
}

const SCOPED_PATHS = /\/points\/(query|query\/batch|scroll|count|delete)$/;

/** Whether a filter requires `company_id` = companyId (possibly with more conditions). */
function requiresCompany(filter: unknown): boolean {
  const must = (filter as { must?: unknown } | undefined)?.must;
  return (Array.isArray(must) ? must : [must]).some(
    (c) =>
      !!c &&
      typeof c === 'object' &&
      ((c as { key?: string }).key === 'company_id'
        ? 'value' in ((c as { match?: object }).match ?? {})
        : requiresCompany(c)),
  );
}

/**
 * Requests that read or delete points without a `company_id` condition in their filter (every
 * search of a batch and every prefetch included). Tenant isolation needs this list empty.
 */
export function unscopedRequests(requests: SeenRequest[]): SeenRequest[] {
  return requests.filter((r) => {
    if (!SCOPED_PATHS.test(r.path) || !r.body) return false;
    const searches = r.path.endsWith('/batch') ? (r.body.searches as Record<string, unknown>[]) : [r.body];
    return searches.some((s) => {
      const prefetch = s.prefetch ? (Array.isArray(s.prefetch) ? s.prefetch : [s.prefetch]) : [];
      return (
        !requiresCompany(s.filter) || prefetch.some((p: { filter?: unknown }) => !requiresCompany(p.filter))
      );
    });
  });
}

/** A small mixed corpus (the pgvector parity suite's). */
export const FILES = [
  'md/mammoth-README.md',
  'md/pdfplumber-README.md',
  'html/ietf-remotestorage-draft.html',
];
export const QUERIES = [
  'convert docx headings to html',
  'extract tables from a PDF page',
  'bearer token access control for storage',
  'how are images handled',
  'command line interface usage',
];

/** Uploads `files` (paths under datasets/documents) as the user and waits until each is VECTORIZED. */
export async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  files: string[],
  fields: Record<string, string> = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const body = multipartBody(fields, {
      filename: file.split('/')[1]!,
      bytes: readFileSync(join(DATASETS, 'documents', file)),
    });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const done = await waitForDocument(app, headers, up.json().data.id);
    if (done.status !== 'VECTORIZED') throw new Error(`${file} ended ${done.status}`);
    ids.push(up.json().data.id as string);
  }
  return ids;
}

/** A new company whose admin has uploaded FILES. */
export async function indexCorpus(app: FastifyInstance) {
  const user = await signUp(app);
  await upload(app, user.headers, FILES);
  return user;
}

/** Top hits through POST /api/search as engine-independent keys (document name + chunk text). */
export async function top(
  app: FastifyInstance,
  headers: Record<string, string>,
  query: string,
  mode: string,
  extra: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/search',
    headers,
    payload: { query, mode, limit: 5, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`search ${res.statusCode}: ${res.body}`);
  const data = res.json().data as {
    mode: string;
    items: { documentId: string; documentName: string; text: string; score: number }[];
  };
  return {
    mode: data.mode,
    items: data.items,
    hits: data.items.map((h) => ({ key: `${h.documentName}#${h.text}`, score: h.score })),
  };
}
