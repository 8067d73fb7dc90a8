import t from 'tap';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { originalLink, originalLinkKeyOf } from '../../src/documents/original-links.ts';
import { redactUrl } from '../../src/lib/redact.ts';

/**
 * GET /api/public/documents/:id/file (issue 40, verifiable citations): a key with
 * `allowOriginals` serves the originals of documents it reads, by X-API-Key or by the signed link
 * a public answer carries. Refusals: no key or a bad/expired link 401; everything a key may not
 * open (originals off, a topic outside it or a visitor's, another company's) 404.
 */
const PDF = readFileSync(join(DATASETS, 'documents', 'pdf/federal-register-2020-17221.pdf'));
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** docs/widget.md's Node example for visitor tokens. */
function visitorToken(secret: string, keyId: string, topics: string[]) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({ sub: 'visitor-1', aud: keyId, iat: now, exp: now + 900, topics });
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

t.test('originals for widget visitors', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true });
  const admin = await signUp(app);
  const other = await signUp(app);
  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = admin.headers,
    method = 'POST',
  ) => app.inject({ method: method as 'POST', url, headers, payload });
  const topic = async (name: string) => (await post('/api/topics', { name })).json().data.id as string;
  const [manuals, hr] = [await topic('Manuals'), await topic('HR')];
  const upload = async (filename: string, bytes: Buffer, topicId?: string, headers = admin.headers) => {
    const body = multipartBody(topicId ? { topicId } : {}, { filename, bytes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return (await waitForDocument(app, headers, res.json().data.id, 120_000)).id as string;
  };
  const pdf = await upload('FAA rule.pdf', PDF, manuals);
  const salaries = await upload('salaries.md', Buffer.from('# Pay\n\nThe pay scale is secret.\n'), hr);
  const foreign = await upload(
    'theirs.md',
    Buffer.from('# Theirs\n\nOther words.\n'),
    undefined,
    other.headers,
  );
  const key = async (payload: object) => (await post('/api/api-keys', { name: 'w', ...payload })).json().data;
  const allowed = await key({ topicIds: [manuals, hr], allowOriginals: true });
  const closed = await key({ topicIds: [manuals] });
  const foreignKey = (
    await post('/api/api-keys', { name: 'o', allDocuments: true, allowOriginals: true }, other.headers)
  ).json().data;
  t.equal(allowed.allowOriginals, true, 'the setting is listed');
  t.equal(closed.allowOriginals, false, 'off by default');
  const file = (id: string, headers: Record<string, string> = {}, query = '') =>
    app.inject({ url: `/api/public/documents/${id}/file${query}`, headers });

  const res = await file(pdf, { 'x-api-key': allowed.key });
  t.equal(res.statusCode, 200);
  t.ok(res.rawPayload.equals(PDF), 'the bytes are the upload');
  t.equal(res.headers['content-type'], 'application/pdf');
  t.match(res.headers['content-disposition'], /^attachment; filename="FAA rule.pdf"/, 'a PDF is a download');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  t.match(res.headers['content-security-policy'], /^sandbox; default-src 'none'/);
  t.match(res.headers['cache-control'], /no-store/);

  t.equal((await file(pdf)).statusCode, 401, 'no key, no link: 401');
  t.equal((await file(pdf, { 'x-api-key': closed.key })).statusCode, 404, 'originals off: 404');
  t.equal((await file(foreign, { 'x-api-key': allowed.key })).statusCode, 404, 'another company: 404');
  t.equal((await file('doc_nope', { 'x-api-key': allowed.key })).statusCode, 404, 'unknown: 404');
  t.equal((await file(pdf, { 'x-api-key': foreignKey.key })).statusCode, 404, 'another company’s key: 404');
  await post(`/api/api-keys/${allowed.id}`, { topicIds: [hr] }, admin.headers, 'PUT');
  t.equal((await file(pdf, { 'x-api-key': allowed.key })).statusCode, 404, 'outside the key’s topics: 404');
  await post(`/api/api-keys/${allowed.id}`, { topicIds: [manuals, hr] }, admin.headers, 'PUT');
  const secret = (await post(`/api/api-keys/${allowed.id}/visitor-secret`, {})).json().data.visitorSecret;
  const visitor = {
    'x-api-key': allowed.key,
    'x-visitor-token': visitorToken(secret, allowed.id, [manuals]),
  };
  t.equal((await file(pdf, visitor)).statusCode, 200, 'a visitor’s topic');
  t.equal((await file(salaries, visitor)).statusCode, 404, 'outside the visitor’s topics: 404');

  // The signed link a public answer carries, opened without any header (a new tab).
  const answer = await post(
    '/api/public/chat',
    { message: 'What does the FAA rule amend?' },
    { 'x-api-key': allowed.key },
  );
  t.equal(answer.statusCode, 200, 'a public answer');
  const cited = answer.json().data.sources.find((s: { id: string }) => s.id === pdf);
  t.match(
    cited?.originalUrl,
    /^\/public\/documents\/doc_[^/]+\/file\?keyId=key_[^&]+&exp=\d+&sig=[\w-]{43}$/,
  );
  t.notMatch(redactUrl(`/api${cited.originalUrl}`), /sig=[\w-]{43}/, 'a logged link has no signature');
  const opened = await app.inject({ url: `/api${cited.originalUrl}` });
  t.equal(opened.statusCode, 200, 'the link opens the original');
  t.ok(opened.rawPayload.equals(PDF));
  const closedAnswer = await post(
    '/api/public/chat',
    { message: 'What does the FAA rule amend?' },
    { 'x-api-key': closed.key },
  );
  t.notOk(closedAnswer.body.includes('originalUrl'), 'a key without originals gets no link');
  const stored = await ctx.db
    .selectFrom('messages')
    .select('sources')
    .where('role', '=', 'assistant')
    .execute();
  t.notOk(JSON.stringify(stored).includes('originalUrl'), 'stored answers hold no (expiring) link');

  // An idempotent replay signs its links anew, for the key as it is now.
  const once = { 'x-api-key': allowed.key, 'idempotency-key': 'replay-originals-1' };
  const first = await post('/api/public/chat', { message: 'What does the FAA rule amend?' }, once);
  const linkOf = (res: typeof first) =>
    res.json().data.sources.find((s: { id: string }) => s.id === pdf)?.originalUrl as string | undefined;
  await new Promise((r) => setTimeout(r, 1100));
  const again = await post('/api/public/chat', { message: 'What does the FAA rule amend?' }, once);
  t.equal(again.headers['idempotent-replayed'], 'true', 'a replay');
  const expOf = (link: string | undefined) => Number(/exp=(\d+)/.exec(link ?? '')?.[1]);
  t.ok(expOf(linkOf(again)) > expOf(linkOf(first)), 'the replayed link expires later than the stored one');
  t.equal((await app.inject({ url: `/api${linkOf(again)}` })).statusCode, 200, 'and opens the original');
  t.same(
    { ...again.json().data, sources: [] },
    { ...first.json().data, sources: [] },
    'the rest of the answer is the stored one',
  );

  const linkKey = originalLinkKeyOf(ctx.jwtSecret);
  const url = (id: string, keyId: string, now = Date.now()) => `/api${originalLink(linkKey, id, keyId, now)}`;
  t.equal(
    (await app.inject({ url: url(pdf, allowed.id, Date.now() - 601_000) })).statusCode,
    401,
    'expired: 401',
  );
  const tampered = url(pdf, allowed.id).replace(
    /sig=.(.)/,
    (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}${c}`,
  );
  t.equal((await app.inject({ url: tampered })).statusCode, 401, 'tampered: 401');
  const moved = url(pdf, allowed.id).replace(pdf, salaries);
  t.equal((await app.inject({ url: moved })).statusCode, 401, 'another document’s link: 401');
  t.equal(
    (await app.inject({ url: url(pdf, closed.id) })).statusCode,
    404,
    'a valid link of a key without originals: 404',
  );
  await post(`/api/api-keys/${allowed.id}`, { allowOriginals: false }, admin.headers, 'PUT');
  t.equal(
    (await app.inject({ url: `/api${cited.originalUrl}` })).statusCode,
    404,
    'turned off: live links stop at once',
  );
  t.equal((await file(pdf, { 'x-api-key': allowed.key })).statusCode, 404, 'and the header path too');
  const replayedOff = await post('/api/public/chat', { message: 'What does the FAA rule amend?' }, once);
  t.equal(replayedOff.headers['idempotent-replayed'], 'true');
  t.notOk(replayedOff.body.includes('originalUrl'), 'a replay after originals were turned off has no link');
  await app.inject({ method: 'DELETE', url: `/api/api-keys/${foreignKey.id}`, headers: other.headers });
  t.equal(
    (await app.inject({ url: url(foreign, foreignKey.id) })).statusCode,
    404,
    'a deleted key’s link: 404',
  );
});
