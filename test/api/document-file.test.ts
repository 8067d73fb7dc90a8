import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { hashPassword } from '../../src/auth/passwords.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function upload(app: App, headers: Record<string, string>, filename: string, bytes: Buffer) {
  const body = multipartBody({}, { filename, bytes });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload ${filename}: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; mimeType: string };
}

t.test('GET /api/documents/:id/file: the original, safely served, to its company only', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const alice = await signUp(app);
  const bob = await signUp(app);
  const pdfBytes = readFileSync(join(DATASETS, 'documents', 'pdf/federal-register-2020-17221.pdf'));
  const pdf = await upload(app, alice.headers, 'Règlement FAA (2020).pdf', pdfBytes);

  const res = await app.inject({ url: `/api/documents/${pdf.id}/file`, headers: alice.headers });
  t.equal(res.statusCode, 200);
  t.ok(res.rawPayload.equals(pdfBytes), 'the bytes are exactly the upload');
  t.equal(res.headers['content-type'], 'application/pdf');
  t.equal(Number(res.headers['content-length']), pdfBytes.length);
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  t.match(res.headers['content-security-policy'], /^sandbox; default-src 'none'/);
  t.equal(
    res.headers['content-disposition'],
    `attachment; filename="R_glement FAA (2020).pdf"; filename*=UTF-8''R%C3%A8glement%20FAA%20%282020%29.pdf`,
    'a PDF is a download (a PDF viewer would run its scripts); ASCII fallback plus the exact UTF-8 name (RFC 6266)',
  );
  const askedInline = await app.inject({
    url: `/api/documents/${pdf.id}/file?disposition=inline`,
    headers: alice.headers,
  });
  t.match(askedInline.headers['content-disposition'], /^attachment; /, 'inline is refused to a PDF');
  const note = await upload(app, alice.headers, 'note.txt', Buffer.from('Plain words.'));
  const text = await app.inject({
    url: `/api/documents/${note.id}/file?disposition=inline`,
    headers: alice.headers,
  });
  t.match(text.headers['content-disposition'], /^inline; /, 'plain text may be shown inline');
  t.match(text.headers['content-security-policy'], /^sandbox; default-src 'none'/);
  const bad = await app.inject({
    url: `/api/documents/${pdf.id}/file?disposition=open`,
    headers: alice.headers,
  });
  t.equal(bad.statusCode, 400);
  t.match(res.headers['cache-control'], /no-store/);

  const reader = 'reader-file@example.com';
  await ctx.db
    .insertInto('users')
    .values({
      id: 'usr_filereader',
      company_id: alice.user.companyId,
      email: reader,
      name: 'R',
      role: 'COMPANY_READER',
      password_hash: await hashPassword('reader password'),
    })
    .execute();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: reader, password: 'reader password' },
  });
  const readerHeaders = { authorization: `Bearer ${login.json().data.accessToken}` };
  const byReader = await app.inject({ url: `/api/documents/${pdf.id}/file`, headers: readerHeaders });
  t.equal(byReader.statusCode, 200, 'a READER of the company can read it');
  t.ok(byReader.rawPayload.equals(pdfBytes));

  const byBob = await app.inject({ url: `/api/documents/${pdf.id}/file`, headers: bob.headers });
  t.equal(byBob.statusCode, 404, "another company's document is invisible");
  t.equal(byBob.json().error.code, 'NOT_FOUND');
  t.equal((await app.inject({ url: `/api/documents/${pdf.id}/file` })).statusCode, 401);
  t.equal(
    (await app.inject({ url: '/api/documents/doc_nope/file', headers: alice.headers })).statusCode,
    404,
  );

  const html = Buffer.from(
    '<!doctype html><html><head><title>x</title></head><body><script>fetch("/api/users")</script>' +
      '<p>An uploaded page with a script that must never run on the API origin.</p></body></html>',
  );
  const page = await upload(app, alice.headers, '../evil\r\nX-Injected: 1.html', html);
  t.match(page.mimeType, /^text\/html/);
  const got = await app.inject({ url: `/api/documents/${page.id}/file`, headers: alice.headers });
  t.equal(got.statusCode, 200);
  t.ok(got.rawPayload.equals(html));
  t.match(got.headers['content-type'], /^text\/html/, 'the stored type');
  t.equal(got.headers['x-content-type-options'], 'nosniff');
  t.equal(got.headers['content-security-policy'], "sandbox; default-src 'none'", 'no script, no loads');
  t.match(got.headers['content-disposition'], /^attachment; /, 'anything but a PDF is a download');
  t.notMatch(got.headers['content-disposition'], /[\r\n/\\]|\.\./, 'no path or header break in the name');
  t.equal(got.headers['x-injected'], undefined);

  // The row is there but its original is gone (disk wiped by hand): 404, never a 500.
  await ctx.files.delete(join(alice.user.companyId, page.id));
  const gone = await app.inject({ url: `/api/documents/${page.id}/file`, headers: alice.headers });
  t.equal(gone.statusCode, 404);
  t.equal(gone.json().error.code, 'NOT_FOUND');
});
