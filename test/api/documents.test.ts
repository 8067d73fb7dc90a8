import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

const file = (rel: string) => readFileSync(join(DATASETS, 'documents', rel));

t.test(
  'upload → VECTORIZED with chunks; list, filter, detail, update, delete; tenant isolation',
  async (t) => {
    const { app, ctx } = await buildTestApp(t, { worker: true });
    const alice = await signUp(app);
    const bob = await signUp(app);

    const pdf = multipartBody(
      { name: 'FAA directive' },
      { filename: 'fr.pdf', bytes: file('pdf/federal-register-2020-17221.pdf') },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...alice.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    t.equal(up.statusCode, 201, up.body);
    const doc = up.json().data;
    t.match(doc, {
      id: /^doc_/,
      name: 'FAA directive',
      status: 'UPLOADED',
      format: 'pdf',
      mimeType: 'application/pdf',
    });
    t.match(doc.createdAt, /Z$/);

    const done = await waitForDocument(app, alice.headers, doc.id);
    t.equal(done.status, 'VECTORIZED');
    t.equal(done.pageCount, 15);
    t.ok((done.chunkCount as number) > 10, `chunks: ${done.chunkCount}`);
    const chunks = await ctx.db
      .selectFrom('chunks')
      .select(['page_start', 'embedding'])
      .where('document_id', '=', doc.id)
      .execute();
    t.equal(chunks.length, done.chunkCount);
    t.ok(chunks.every((c) => c.page_start !== null && c.page_start >= 1 && c.page_start <= 15));
    t.ok(chunks.every((c) => c.embedding !== null));

    const docx = multipartBody({}, { filename: 'handbook.docx', bytes: file('docx/handbook-1p.docx') });
    const up2 = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...alice.headers, ...docx.headers },
      payload: docx.payload,
    });
    t.equal(up2.statusCode, 201);
    t.equal((await waitForDocument(app, alice.headers, up2.json().data.id)).status, 'VECTORIZED');

    const list = await app.inject({
      method: 'GET',
      url: '/api/documents?limit=1&sort=name&order=asc',
      headers: alice.headers,
    });
    t.equal(list.statusCode, 200);
    t.same(list.json().data.pagination, { page: 1, limit: 1, total: 2, totalPages: 2 });
    t.equal(list.json().data.items[0].name, 'FAA directive');
    const search = await app.inject({
      method: 'GET',
      url: '/api/documents?search=handbook&status=VECTORIZED',
      headers: alice.headers,
    });
    t.equal(search.json().data.items.length, 1);
    t.equal(search.json().data.items[0].name, 'handbook.docx');

    // Another company sees nothing: 404, not 403.
    t.equal(
      (await app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: bob.headers })).statusCode,
      404,
    );
    t.equal(
      (await app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: bob.headers }))
        .statusCode,
      404,
    );
    t.equal(
      (await app.inject({ method: 'GET', url: '/api/documents', headers: bob.headers })).json().data
        .pagination.total,
      0,
    );

    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/documents/${doc.id}`,
      headers: alice.headers,
      payload: { name: 'FR 2020-17221' },
    });
    t.equal(renamed.json().data.name, 'FR 2020-17221');

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/documents/${doc.id}`,
      headers: alice.headers,
    });
    t.equal(del.statusCode, 200);
    const left = await ctx.db.selectFrom('chunks').select('id').where('document_id', '=', doc.id).execute();
    t.equal(left.length, 0, 'chunks deleted with the document');
    t.equal(
      (await app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: alice.headers }))
        .statusCode,
      404,
    );
  },
);

t.test('uploads that must be refused, and documents that must end in ERROR', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const { headers } = await signUp(app);
  const upload = (filename: string, bytes: Uint8Array, fields: Record<string, string> = {}) => {
    const body = multipartBody(fields, { filename, bytes });
    return app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000', 'latin1');
  const exe = await upload('report.pdf', gif);
  t.equal(exe.statusCode, 415, 'a GIF named .pdf (images other than PNG, JPEG, WebP, TIFF are refused)');
  t.equal(exe.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');
  const binary = await upload('x.txt', Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 7]));
  t.equal(binary.statusCode, 415);
  const empty = await upload('empty.txt', Buffer.alloc(0));
  t.equal(empty.statusCode, 400);
  t.same(empty.json().error.details, [{ field: 'file', reason: 'is empty' }]);
  const noFile = multipartBody({ name: 'x' });
  const nf = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...noFile.headers },
    payload: noFile.payload,
  });
  t.equal(nf.statusCode, 400);
  t.same(nf.json().error.details, [{ field: 'file', reason: 'is required' }]);
  const json = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers,
    payload: { file: 'x' },
  });
  t.equal(json.statusCode, 415);
  const badTopic = await upload('a.txt', Buffer.from('hello world, a text file'), { topicId: 'top_nope' });
  t.equal(badTopic.statusCode, 404, 'an unknown topic is not found');
  t.equal(badTopic.json().error.code, 'NOT_FOUND');

  const corruptPdf = await upload(
    'broken.pdf',
    file('pdf/federal-register-2020-17221.pdf').subarray(0, 4000),
  );
  t.equal(corruptPdf.statusCode, 201);
  const scanned = await upload('scan.pdf', file('pdf/scanned-c02-22.pdf'));
  const truncatedDocx = await upload('broken.docx', file('docx/handbook-1p.docx').subarray(0, 3000));
  const broken = await waitForDocument(app, headers, corruptPdf.json().data.id);
  t.equal(broken.status, 'ERROR');
  t.match(broken.error, /damaged|not a valid/i);
  const ocrd = await waitForDocument(app, headers, scanned.json().data.id);
  t.equal(ocrd.status, 'VECTORIZED', 'a scanned page is read by OCR');
  t.match(ocrd.metadata, { ocr: { pages: [{ page: 1 }] } });
  if (truncatedDocx.statusCode === 201) {
    const final = await waitForDocument(app, headers, truncatedDocx.json().data.id);
    t.equal(final.status, 'ERROR');
    t.match(final.error, /damaged|DOCX/i);
  } else {
    t.equal(truncatedDocx.statusCode, 415, 'a truncated zip is not recognised as DOCX');
  }
});

t.test('oversize upload → 413', async (t) => {
  const { app } = await buildTestApp(t, { env: { MAX_UPLOAD_MB: '1' } });
  const { headers } = await signUp(app);
  const body = multipartBody({}, { filename: 'big.txt', bytes: Buffer.alloc(1024 * 1024 + 10, 'a') });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  t.equal(res.statusCode, 413);
  t.equal(res.json().error.code, 'PAYLOAD_TOO_LARGE');
});

t.test('RBAC: a reader cannot upload or delete', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const { hashPassword } = await import('../../src/auth/passwords.ts');
  await ctx.db
    .insertInto('users')
    .values({
      id: 'usr_reader1',
      company_id: admin.user.companyId,
      email: 'reader@example.com',
      name: 'R',
      role: 'COMPANY_READER',
      password_hash: await hashPassword('reader password'),
    })
    .execute();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'reader@example.com', password: 'reader password' },
  });
  const headers = { authorization: `Bearer ${login.json().data.accessToken}` };
  const body = multipartBody({}, { filename: 'a.txt', bytes: Buffer.from('some text that is long enough') });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  t.equal(res.statusCode, 403);
  t.match(res.json().error, {
    code: 'FORBIDDEN',
    requiredRole: 'COMPANY_EDITOR',
    currentRole: 'COMPANY_READER',
  });
  t.equal((await app.inject({ method: 'GET', url: '/api/documents', headers })).statusCode, 200);
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'k' } })).statusCode,
    403,
  );
});
