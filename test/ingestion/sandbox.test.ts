import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { ingestDocument } from '../../src/ingestion/ingest.ts';
import { ingestDepsOf } from '../../src/context.ts';
import { readZipSafely, assertXmlElementCount, ZIP_BOMB } from '../../src/ingestion/sandbox/zip-guard.ts';
import { elementBombDocx, zipBombDocx } from '../helpers/bombs.ts';
import { strToU8, zipSync } from 'fflate';

async function upload(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  headers: Record<string, string>,
  file: string,
) {
  const body = multipartBody(
    {},
    { filename: file.split('/').pop()!, bytes: readFileSync(join(DATASETS, 'documents', file)) },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return res.json().data.id as string;
}

t.test('zip guard: real sizes, ratio, names, element count', async (t) => {
  const handbook = readZipSafely(readFileSync(join(DATASETS, 'documents/docx/handbook-872p.docx')));
  t.ok(handbook.get('word/document.xml')!.length > 5_000_000, 'a large real DOCX passes whole');
  t.throws(() => readZipSafely(elementBombDocx(16)), { message: ZIP_BOMB }, 'element bomb: ratio');
  t.throws(() => readZipSafely(zipBombDocx(160)), { message: ZIP_BOMB }, 'zip bomb: ratio');
  t.throws(
    () => readZipSafely(zipBombDocx(160), { limits: { maxRatio: 1e9 } }),
    { message: ZIP_BOMB },
    'zip bomb: entry size',
  );
  t.throws(() => readZipSafely(zipSync({ '../evil.xml': strToU8('<x/>') })), /unsafe name/);
  t.throws(() => readZipSafely(zipSync({ '/etc/passwd': strToU8('x') })), /unsafe name/);
  t.throws(
    () =>
      readZipSafely(zipSync({ a: strToU8('1'), b: strToU8('2'), c: strToU8('3') }), {
        limits: { maxEntries: 2 },
      }),
    /more than 2 parts/,
  );
  t.throws(() => readZipSafely(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])), /damaged/);
  const only = readZipSafely(zipSync({ 'a.xml': strToU8('<a/>'), 'b.bin': strToU8('b') }), {
    only: (n) => n.endsWith('.xml'),
  });
  t.same([...only.keys()], ['a.xml'], 'entries `only` rejects are not inflated');
  t.doesNotThrow(() => assertXmlElementCount('<a><b/><c>x</c></a>', 4, 'part'));
  t.throws(() => assertXmlElementCount('<a><b/><c>x</c></a>', 2, 'part'), /more than 2 elements/);
});

t.test('a parse killed by its limits ends ERROR with the reason and leaves no chunks', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true, env: { PARSE_MEMORY_MB: '64' } });
  const { headers } = await signUp(app);
  const id = await upload(app, headers, 'docx/handbook-872p.docx');
  const doc = await waitForDocument(app, headers, id);
  t.equal(doc.status, 'ERROR');
  t.match(doc.error, /more than the 64 MB of memory a parse may use/);
  const chunks = await ctx.db.selectFrom('chunks').select('id').where('document_id', '=', id).execute();
  t.equal(chunks.length, 0, 'no partial chunks');
  // The sandbox replaced its child: the next document parses.
  const next = await waitForDocument(app, headers, await upload(app, headers, 'md/codeblock.md'));
  t.equal(next.status, 'VECTORIZED', 'a fresh parser process takes the next document');
});

t.test('output limits: too many blocks is a readable ERROR', async (t) => {
  const { app } = await buildTestApp(t, { worker: true, env: { PARSE_MAX_BLOCKS: '10' } });
  const { headers } = await signUp(app);
  const doc = await waitForDocument(app, headers, await upload(app, headers, 'md/mammoth-README.md'));
  t.match(doc, { status: 'ERROR', error: /more than 10 paragraphs, rows or headings/ });
});

t.test(
  'a document whose processing was interrupted INGEST_MAX_ATTEMPTS times ends ERROR, not in a loop',
  async (t) => {
    const { app, ctx } = await buildTestApp(t, { env: { INGEST_MAX_ATTEMPTS: '2' } });
    const { headers } = await signUp(app);
    const id = await upload(app, headers, 'md/codeblock.md');
    // What two crashes mid-parse leave behind: PROCESSING, two attempts counted.
    await ctx.db
      .updateTable('documents')
      .set({ status: 'PROCESSING', attempts: 2 })
      .where('id', '=', id)
      .execute();
    t.equal(await ingestDocument(ingestDepsOf(ctx), id), 'error');
    const doc = (await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers })).json().data;
    t.match(doc, { status: 'ERROR', error: /interrupted 2 times/ });
    // Below the limit the attempt is counted before the parse starts.
    const other = await upload(app, headers, 'md/simple-table.md');
    t.equal(await ingestDocument(ingestDepsOf(ctx), other), 'vectorized');
    const row = await ctx.db
      .selectFrom('documents')
      .select('attempts')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    t.equal(row.attempts, 1);
  },
);
