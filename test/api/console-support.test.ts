import t from 'tap';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import consoleRoutes, { CONSOLE_CSP } from '../../src/routes/console.ts';
import { sha256Hex } from '../../src/auth/tokens.ts';

/** The refresh cookie of a response, as `name=value` for a Cookie header, and its attributes. */
function refreshCookie(res: { headers: Record<string, unknown> }) {
  const raw = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('cograg_refresh='));
  return raw ? { pair: String(raw).split(';')[0]!, attributes: String(raw) } : null;
}

t.test('the refresh token as an httpOnly cookie, guarded by X-Refresh-Cookie', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const creds = { email: admin.email, password: admin.password };

  const plain = await app.inject({ method: 'POST', url: '/api/auth/login', payload: creds });
  t.ok(plain.json().data.refreshToken, 'API clients still get the token in the body');
  t.equal(refreshCookie(plain), null, 'and no cookie');

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-refresh-cookie': '1' },
    payload: creds,
  });
  t.equal(login.statusCode, 200);
  t.equal(login.json().data.refreshToken, '', 'cookie mode: the body carries no refresh token');
  const cookie = refreshCookie(login);
  t.ok(cookie, 'the cookie is set');
  t.match(cookie!.attributes, /HttpOnly/);
  t.match(cookie!.attributes, /SameSite=Strict/);
  t.match(cookie!.attributes, /Path=\/api\/auth/);
  t.notMatch(cookie!.attributes, /Secure/, 'not Secure over plain HTTP');

  const csrf = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: cookie!.pair },
    payload: {},
  });
  t.equal(csrf.statusCode, 401, 'the cookie alone (a cross-site request) is ignored');
  t.equal(csrf.json().error.code, 'UNAUTHORIZED');

  // The console's first refresh on load, before anyone signed in: no cookie yet. That is "no
  // session" (401), not a malformed request, so the browser logs no 400.
  const noCookie = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { 'x-refresh-cookie': '1' },
    payload: {},
  });
  t.equal(noCookie.statusCode, 401, 'cookie mode without a cookie: no session');
  t.equal(noCookie.json().error.code, 'UNAUTHORIZED');
  t.equal(noCookie.headers['set-cookie'], undefined, 'nothing to clear');
  const noToken = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
  t.equal(noToken.statusCode, 401, 'an API client that sent no token has no credential');
  t.match(noToken.json().error, { code: 'UNAUTHORIZED', message: /send refreshToken/ });

  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: cookie!.pair, 'x-refresh-cookie': '1' },
    payload: {},
  });
  t.equal(refreshed.statusCode, 200);
  t.ok(refreshed.json().data.accessToken, 'a new access token');
  const rotated = refreshCookie(refreshed);
  t.ok(rotated && rotated.pair !== cookie!.pair, 'the cookie is rotated');

  // A second tab that sent the old cookie at the same time gets the same pair (grace window).
  const raced = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: cookie!.pair, 'x-refresh-cookie': '1' },
    payload: {},
  });
  t.equal(raced.statusCode, 200, 'within the grace window, the old cookie still answers');
  t.equal(refreshCookie(raced)?.pair, rotated!.pair, 'with the same rotated cookie');

  // Past AUTH_REFRESH_REUSE_GRACE_SECONDS (moved back rather than waited for) it is a reuse.
  await app.ctx.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(Date.now() - 60_000) })
    .where('token_hash', '=', sha256Hex(decodeURIComponent(cookie!.pair.split('=')[1]!)))
    .execute();
  const reused = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie: cookie!.pair, 'x-refresh-cookie': '1' },
    payload: {},
  });
  t.equal(reused.statusCode, 401, 'the rotated-out cookie value is refused');
  t.match(String(reused.headers['set-cookie']), /cograg_refresh=;/, 'and the cookie is cleared');

  const again = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-refresh-cookie': '1' },
    payload: creds,
  });
  const token = again.json().data.accessToken;
  const out = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${token}`, cookie: refreshCookie(again)!.pair },
  });
  t.equal(out.statusCode, 200);
  t.match(String(out.headers['set-cookie']), /cograg_refresh=;.*Path=\/api\/auth/, 'logout clears it');

  const https = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-refresh-cookie': '1', 'x-forwarded-proto': 'https' },
    payload: creds,
  });
  t.notMatch(refreshCookie(https)!.attributes, /Secure/, 'X-Forwarded-Proto is ignored without TRUST_PROXY');
  const bad = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-refresh-cookie': 'yes' },
    payload: creds,
  });
  t.equal(bad.statusCode, 400, 'a malformed X-Refresh-Cookie is a validation error');
});

t.test('Secure cookie over HTTPS behind a trusted proxy', async (t) => {
  const { app } = await buildTestApp(t, { env: { TRUST_PROXY: 'true' } });
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-refresh-cookie': '1', 'x-forwarded-proto': 'https' },
    payload: { email: admin.email, password: admin.password },
  });
  t.match(refreshCookie(res)!.attributes, /Secure/);
});

t.test('sign-in providers', async (t) => {
  const off = await buildTestApp(t);
  const none = await off.app.inject({ url: '/api/auth/providers' });
  t.same(none.json(), {
    success: true,
    data: { password: true, google: null, microsoft: null, oidc: [], ldap: false },
  });
  const on = await buildTestApp(t, {
    env: {
      GOOGLE_CLIENT_ID: 'g-1.apps.googleusercontent.com,g-2',
      MICROSOFT_ALLOWED_TENANTS: '11111111-2222-3333-4444-555555555555',
    },
  });
  const both = await on.app.inject({ url: '/api/auth/providers' });
  t.same(both.json().data, {
    password: true,
    google: { clientId: 'g-1.apps.googleusercontent.com' },
    microsoft: { clientId: null },
    oidc: [],
    ldap: false,
  });
});

t.test('reprocess, feedback and insights over one company', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const admin = await signUp(app);
  const other = await signUp(app);
  const reader = await addUser(app, admin, 'COMPANY_READER');
  const md = multipartBody(
    {},
    { filename: 'mammoth.md', bytes: readFileSync(join(DATASETS, 'documents/md/mammoth-README.md')) },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...admin.headers, ...md.headers },
    payload: md.payload,
  });
  const docId = up.json().data.id as string;
  const busy = await app.inject({
    method: 'POST',
    url: `/api/documents/${docId}/reprocess`,
    headers: admin.headers,
  });
  const first = await waitForDocument(app, admin.headers, docId);
  t.equal(first.status, 'VECTORIZED');
  if (busy.statusCode === 409) t.equal(busy.json().error.code, 'CONFLICT', 'not while UPLOADED/PROCESSING');

  const again = await app.inject({
    method: 'POST',
    url: `/api/documents/${docId}/reprocess`,
    headers: admin.headers,
  });
  t.equal(again.statusCode, 202);
  t.equal(again.json().data.status, 'UPLOADED');
  t.equal(again.json().data.error, null);
  const second = await waitForDocument(app, admin.headers, docId);
  t.equal(second.status, 'VECTORIZED', 'processed again');
  t.equal(second.chunkCount, first.chunkCount, 'the same chunks, not twice as many');
  const foreign = await app.inject({
    method: 'POST',
    url: `/api/documents/${docId}/reprocess`,
    headers: other.headers,
  });
  t.equal(foreign.statusCode, 404, "another company's document is invisible");
  const byReader = await app.inject({
    method: 'POST',
    url: `/api/documents/${docId}/reprocess`,
    headers: reader.headers,
  });
  t.equal(byReader.statusCode, 403);

  const ask = async (headers: Record<string, string>, message: string) =>
    (await app.inject({ method: 'POST', url: '/api/chat/message', headers, payload: { message } })).json()
      .data as {
      conversationId: string;
      messageId: string;
      answer: string;
      citationMap: Record<string, { documentId: string }>;
    };
  const answered = await ask(admin.headers, 'What does Mammoth convert .docx documents to?');
  t.ok(Object.keys(answered.citationMap).length > 0, 'a cited answer');
  const refused = await ask(admin.headers, 'What is the boiling point of tungsten in kelvin?');
  t.same(refused.citationMap, {}, 'a refusal cites nothing');
  const readers = await ask(reader.headers, 'How does Mammoth map the Heading 1 style?');

  const rate = (headers: Record<string, string>, conv: string, msg: string, rating: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/conversations/${conv}/messages/${msg}/feedback`,
      headers,
      payload: { rating },
    });
  const up1 = await rate(admin.headers, answered.conversationId, answered.messageId, 'up');
  t.equal(up1.statusCode, 200);
  t.equal(up1.json().data.rating, 'up');
  t.ok(up1.json().data.ratedAt);
  t.equal((await rate(admin.headers, refused.conversationId, refused.messageId, 'down')).statusCode, 200);
  t.equal(
    (await rate(reader.headers, answered.conversationId, answered.messageId, 'down')).statusCode,
    404,
    "not another user's conversation",
  );
  t.equal((await rate(other.headers, answered.conversationId, answered.messageId, 'down')).statusCode, 404);
  t.equal((await rate(admin.headers, answered.conversationId, answered.messageId, 'meh')).statusCode, 400);
  t.equal((await rate(admin.headers, readers.conversationId, readers.messageId, 'up')).statusCode, 404);
  const detail = await app.inject({
    url: `/api/conversations/${answered.conversationId}`,
    headers: admin.headers,
  });
  const messages = detail.json().data.messages as {
    role: string;
    feedback: string | null;
    refused: boolean;
    id: string;
  }[];
  const question = messages.find((m) => m.role === 'user')!;
  t.equal(
    (await rate(admin.headers, answered.conversationId, question.id, 'up')).statusCode,
    404,
    'questions are not rated',
  );
  t.same(
    messages.map((m) => [m.role, m.feedback, m.refused]),
    [
      ['user', null, false],
      ['assistant', 'up', false],
    ],
    'the rating is stored on the answer',
  );
  const cleared = await rate(admin.headers, answered.conversationId, answered.messageId, null);
  t.same([cleared.json().data.rating, cleared.json().data.ratedAt], [null, null], 'null takes it back');

  const insights = await app.inject({ url: '/api/insights?days=7', headers: admin.headers });
  t.equal(insights.statusCode, 200);
  const data = insights.json().data;
  t.equal(data.questionsPerDay.length, 7);
  const today = new Date().toISOString().slice(0, 10);
  t.same(data.questionsPerDay.at(-1), {
    date: today,
    questions: 3,
    refused: 1,
    thumbsUp: 0,
    thumbsDown: 1,
    console: 3,
    widget: 0,
  });
  t.same(data.totals, { questions: 3, refused: 1, thumbsUp: 0, thumbsDown: 1, console: 3, widget: 0 });
  t.same(
    data.unanswered.map((u: { question: string; conversationId: string }) => [u.question, u.conversationId]),
    [['What is the boiling point of tungsten in kelvin?', refused.conversationId]],
  );
  t.same(data.mostCited, [{ documentId: docId, name: 'mammoth.md', citations: 2 }]);
  const otherInsights = await app.inject({ url: '/api/insights', headers: other.headers });
  t.same(
    otherInsights.json().data.totals,
    { questions: 0, refused: 0, thumbsUp: 0, thumbsDown: 0, console: 0, widget: 0 },
    'per company',
  );
  t.equal(otherInsights.json().data.questionsPerDay.length, 30, '30 days by default');
  t.equal((await app.inject({ url: '/api/insights', headers: reader.headers })).statusCode, 403);
  t.equal((await app.inject({ url: '/api/insights?days=0', headers: admin.headers })).statusCode, 400);
});

t.test('the console at /app: files, SPA fallback, CSP, and a clear 503 without a build', async (t) => {
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  t.teardown(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  const app = Fastify();
  await app.register(consoleRoutes, { dist });
  t.teardown(() => app.close());

  const root = await app.inject({ url: '/app' });
  t.equal(root.statusCode, 302);
  t.equal(root.headers.location, '/app/');
  const index = await app.inject({ url: '/app/' });
  t.equal(index.statusCode, 200);
  t.match(index.body, /<title>console/);
  t.equal(index.headers['content-security-policy'], CONSOLE_CSP);
  t.notMatch(CONSOLE_CSP, /unsafe-inline|unsafe-eval/, 'no inline script or eval');
  // The PDF viewer: the original fetched with the bearer token, shown from a blob: URL in an
  // iframe (Chromium renders it there with object-src 'none'; an <object> would need more).
  t.match(CONSOLE_CSP, /frame-src 'none';/, 'no frames: PDFs are drawn by pdf.js, not a PDF viewer');
  t.match(CONSOLE_CSP, /worker-src 'self'/, "pdf.js's worker is the console's own file");
  t.match(CONSOLE_CSP, /object-src 'none'/, 'and no plugins');
  t.notMatch(CONSOLE_CSP.replace(/img-src[^;]*;/g, ''), /blob:/, 'blob: nowhere else');
  const deep = await app.inject({ url: '/app/documents/doc_123' });
  t.match(deep.body, /<title>console/, 'client-side routes get index.html');
  t.match(String(deep.headers['cache-control']), /no-cache/);
  const asset = await app.inject({ url: '/app/assets/main-abc123.js' });
  t.equal(asset.body, 'console.log(1)');
  t.match(String(asset.headers['cache-control']), /immutable/);
  const traversal = await app.inject({ url: '/app/..%2f..%2fpackage.json' });
  t.notMatch(traversal.body, /"name"/, 'only built files are ever served');

  const missing = Fastify();
  await missing.register(consoleRoutes, { dist: join(dist, 'nope') });
  t.teardown(() => missing.close());
  const res = await missing.inject({ url: '/app/' });
  t.equal(res.statusCode, 503);
  t.match(res.body, /npm run build:console/);
});
