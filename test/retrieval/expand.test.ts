import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { expandWithNeighbours, joinWithoutOverlap } from '../../src/retrieval/expand.ts';
import type { RetrievedChunk } from '../../src/retrieval/types.ts';

t.test('joinWithoutOverlap drops the repeated sentences only', async (t) => {
  // "Gamma delta epsilon." (20 chars) ends the first and starts the second: kept once.
  t.equal(
    joinWithoutOverlap('Alpha beta. Gamma delta epsilon.', 'Gamma delta epsilon. Zeta eta.'),
    'Alpha beta. Gamma delta epsilon.\nZeta eta.',
  );
  // A short coincidental match ("the", 3 chars) is not an overlap.
  t.equal(joinWithoutOverlap('I like the', 'the end'), 'I like the\nthe end');
  // Not at a word boundary of the first text: not the chunker's overlap.
  t.equal(
    joinWithoutOverlap('abcdefghijklmnopqrstuvwxyz', 'klmnopqrstuvwxyz more'),
    'abcdefghijklmnopqrstuvwxyz\nklmnopqrstuvwxyz more',
  );
  t.equal(joinWithoutOverlap('One.', 'Two.'), 'One.\nTwo.');
});

t.test('expandWithNeighbours adds the previous and next chunk of the same document', async (t) => {
  const { app, ctx } = await buildTestApp(t, {
    worker: true,
    env: { CHUNK_MAX_TOKENS: '32', CHUNK_OVERLAP_TOKENS: '16' },
  });
  const alice = await signUp(app);
  const bob = await signUp(app);
  const sentences = Array.from(
    { length: 16 },
    (_, i) => `Sentence number ${i + 1} talks about harbour item ${i + 1}.`,
  );
  const body = multipartBody(
    { name: 'harbour' },
    { filename: 'harbour.md', bytes: Buffer.from(`# Harbour\n\n${sentences.join(' ')}`) },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...alice.headers, ...body.headers },
    payload: body.payload,
  });
  const documentId = up.json().data.id;
  t.equal((await waitForDocument(app, alice.headers, documentId)).status, 'VECTORIZED');
  const rows = await ctx.db
    .selectFrom('chunks')
    .select(['id', 'text', 'chunk_index'])
    .where('document_id', '=', documentId)
    .orderBy('chunk_index')
    .execute();
  t.ok(rows.length >= 5, `${rows.length} chunks`);
  const overlapping = sentences.find((s) => rows[1]!.text.includes(s) && rows[2]!.text.includes(s));
  t.ok(overlapping, 'chunks 1 and 2 share a sentence (the chunker overlap)');
  const hit = (i: number): RetrievedChunk => ({
    chunkId: rows[i]!.id,
    documentId,
    documentName: 'harbour',
    text: rows[i]!.text,
    pageStart: null,
    pageEnd: null,
    headingPath: ['Harbour'],
    score: 1,
  });

  const [first, second] = await expandWithNeighbours(ctx.db, alice.user.companyId, [hit(1), hit(3)]);
  // Chunk 1 reads 0, 1, 2; chunk 3 finds 2 already given to chunk 1, so it reads 3, 4.
  t.same(first!.neighbourIds, [rows[0]!.id, rows[2]!.id]);
  t.same(second!.neighbourIds, [rows[4]!.id]);
  t.equal(first!.chunkId, rows[1]!.id);
  t.equal(first!.text, rows[1]!.text, 'the chunk text itself is unchanged');
  // The chunker's sentence overlap is not repeated: every sentence of chunks 0–2 appears once.
  for (const s of sentences.filter((s) => [0, 1, 2].some((i) => rows[i]!.text.includes(s)))) {
    t.equal(first!.contextText.split(s).length - 1, 1, `once: ${s}`);
  }
  t.ok(first!.contextText.startsWith(rows[0]!.text));
  t.ok(second!.contextText.startsWith(rows[3]!.text));

  t.same((await expandWithNeighbours(ctx.db, alice.user.companyId, [hit(2)], 0))[0]!.neighbourIds, []);
  // Another company's chunks are never read: nothing is added.
  const foreign = await expandWithNeighbours(ctx.db, bob.user.companyId, [hit(2)]);
  t.same(foreign[0]!.neighbourIds, []);
  t.equal(foreign[0]!.contextText, rows[2]!.text);
  t.same(await expandWithNeighbours(ctx.db, alice.user.companyId, []), []);
});
