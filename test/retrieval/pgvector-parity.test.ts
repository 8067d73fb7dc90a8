import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

/** A small mixed corpus (a few hundred chunks: HNSW with ef_search 100 is exact at this size). */
const FILES = ['md/mammoth-README.md', 'md/pdfplumber-README.md', 'html/ietf-remotestorage-draft.html'];
const QUERIES = [
  'convert docx headings to html',
  'extract tables from a PDF page',
  'bearer token access control for storage',
  'how are images handled',
  'command line interface usage',
];

async function indexCorpus(app: FastifyInstance): Promise<Record<string, string>> {
  const user = await signUp(app);
  for (const file of FILES) {
    const body = multipartBody(
      {},
      { filename: file.split('/')[1]!, bytes: readFileSync(join(DATASETS, 'documents', file)) },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    const done = await waitForDocument(app, user.headers, up.json().data.id);
    if (done.status !== 'VECTORIZED') throw new Error(`${file} ended ${done.status}`);
  }
  return user.headers;
}

/** Top hits as engine-independent keys: document name and chunk text, with the score. */
async function top(app: FastifyInstance, headers: Record<string, string>, query: string, mode: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/search',
    headers,
    payload: { query, mode, limit: 5 },
  });
  if (res.statusCode !== 200) throw new Error(`search ${res.statusCode}: ${res.body}`);
  const data = res.json().data as {
    mode: string;
    items: { documentName: string; text: string; score: number }[];
  };
  return {
    mode: data.mode,
    hits: data.items.map((h) => ({ key: `${h.documentName}#${h.text}`, score: h.score })),
  };
}

t.test(
  'dense, lexical and hybrid search give the same top results on PostgreSQL + pgvector and PGlite',
  async (t) => {
    const pglite = await buildTestApp(t, { worker: true });
    const postgres = await buildTestApp(t, { postgres: true, worker: true });
    t.ok(
      postgres.ctx.database.vectorEnabled,
      'pgvector is installed in the PostgreSQL (.ci/run installs it)',
    );
    const [liteHeaders, pgHeaders] = await Promise.all([indexCorpus(pglite.app), indexCorpus(postgres.app)]);
    for (const mode of ['dense', 'lexical', 'hybrid']) {
      for (const query of QUERIES) {
        const lite = await top(pglite.app, liteHeaders, query, mode);
        const pg = await top(postgres.app, pgHeaders, query, mode);
        t.equal(pg.mode, mode, `${mode} ran on PostgreSQL`);
        t.ok(lite.hits.length > 0, `${mode} "${query}" finds chunks`);
        t.same(
          pg.hits.map((h) => h.key),
          lite.hits.map((h) => h.key),
          `${mode} "${query}": same chunks in the same order`,
        );
        const drift = Math.max(...pg.hits.map((h, i) => Math.abs(h.score - lite.hits[i]!.score)));
        t.ok(drift < 1e-4, `${mode} "${query}": scores agree (max difference ${drift})`);
      }
    }
  },
);
