import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { beginAttempt, writeChunks, CHUNKS_PER_TRANSACTION } from '../../src/ingestion/chunk-writer.ts';
import { analyzeChunk } from '../../src/retrieval/lexical/bm25.ts';
import { newId } from '../../src/lib/ids.ts';
import type { Chunk } from '../../src/ingestion/chunker.ts';

/** `n` chunks with their postings, ids fresh for each call. */
function rows(n: number) {
  const chunks: Chunk[] = Array.from({ length: n }, (_, i) => ({
    index: i,
    text: `Chunk ${i} about leave and holidays.`,
    tokenCount: 8,
    pageStart: 1,
    pageEnd: 1,
    headingPath: [],
    sheet: null,
    rowStart: null,
    rowEnd: null,
    slide: null,
  }));
  const lexical = chunks.map((c) => analyzeChunk(newId('chk'), c.text, 'en'));
  return { chunks, lexical };
}

t.test('attempts own the document: a newer attempt deletes leftovers, an older one stops', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const body = multipartBody({}, { filename: 'note.md', bytes: new TextEncoder().encode('# Note\n\nText.') });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal(up.statusCode, 201);
  const documentId = up.json().data.id as string;
  const companyId = admin.user.companyId;
  const count = async () =>
    (await ctx.db.selectFrom('chunks').select('id').where('document_id', '=', documentId).execute()).length;
  const postings = async () =>
    (
      await ctx.db
        .selectFrom('chunk_terms')
        .innerJoin('chunks', 'chunks.id', 'chunk_terms.chunk_id')
        .select('chunk_terms.chunk_id')
        .where('chunks.document_id', '=', documentId)
        .execute()
    ).length;

  const first = await beginAttempt(ctx.db, documentId);
  t.ok(first !== null && first >= 1, `attempt ${first}`);
  const n = CHUNKS_PER_TRANSACTION * 2 + 1;
  const a = rows(n);
  t.equal(
    await writeChunks(ctx.db, { companyId, documentId, attempt: first!, ...a, vectors: null }),
    'owned',
  );
  t.equal(await count(), n, 'every chunk written, several transactions');
  t.ok((await postings()) > 0, 'with their postings');
  const doc = await ctx.db
    .selectFrom('documents')
    .select('status')
    .where('id', '=', documentId)
    .executeTakeFirst();
  t.equal(doc?.status, 'PROCESSING', 'the document stays PROCESSING while its chunks are written');

  // A crash here, then the next attempt: what the first one left is gone before it writes.
  const second = await beginAttempt(ctx.db, documentId);
  t.equal(second, first! + 1);
  t.equal(await count(), 0, 'leftovers deleted when the next attempt begins');
  t.equal(await postings(), 0, 'their postings too');

  // The first attempt, still running somewhere, writes nothing more.
  t.equal(
    await writeChunks(ctx.db, { companyId, documentId, attempt: first!, ...rows(3), vectors: null }),
    'superseded',
  );
  t.equal(await count(), 0, 'an attempt that lost the document adds no row');

  await app.inject({ method: 'DELETE', url: `/api/documents/${documentId}`, headers: admin.headers });
  t.equal(
    await writeChunks(ctx.db, { companyId, documentId, attempt: second!, ...rows(3), vectors: null }),
    'deleted',
  );
  t.equal(await count(), 0, 'nothing written for a deleted document');
});
