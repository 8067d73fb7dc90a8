import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';

t.test('bad input answers in the envelope, never 500', async (t) => {
  const { app } = await buildTestApp(t);
  const { headers } = await signUp(app);

  const malformed = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": ',
  });
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().error.code, 'VALIDATION_ERROR');
  t.equal(malformed.json().success, false);

  const missing = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
  t.equal(missing.statusCode, 400);
  t.same(missing.json().error.details, [{ field: 'password', reason: 'is required' }]);

  const wrongType = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 42, password: [] },
  });
  t.equal(wrongType.statusCode, 400);
  const fields = wrongType
    .json()
    .error.details.map((d: { field: string }) => d.field)
    .sort();
  t.same(fields, ['email', 'password']);

  const notAString = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers,
    payload: { message: false },
  });
  t.equal(notAString.statusCode, 400, 'JSON bodies are not coerced');
  t.same(notAString.json().error.details, [{ field: 'message', reason: 'must be string' }]);

  const chatMissing = await app.inject({ method: 'POST', url: '/api/chat/message', headers, payload: {} });
  t.equal(chatMissing.statusCode, 400);
  t.same(chatMissing.json().error.details, [{ field: 'message', reason: 'is required' }]);

  const tooLarge = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ message: 'x'.repeat(400 * 1024) }),
  });
  t.equal(tooLarge.statusCode, 413);
  t.equal(tooLarge.json().error.code, 'PAYLOAD_TOO_LARGE');

  const xml = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/xml' },
    payload: '<login/>',
  });
  t.equal(xml.statusCode, 415);
  t.equal(xml.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');

  // Only the upload parses multipart bodies: elsewhere one is an unsupported type, like XML.
  const form = await app.inject({
    method: 'POST',
    url: '/api/search',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nleave\r\n--x--\r\n',
  });
  t.equal(form.statusCode, 415, 'a form posted to a JSON route');
  t.equal(form.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');

  const unknown = await app.inject({ method: 'GET', url: '/api/nope' });
  t.equal(unknown.statusCode, 404);
  t.same(unknown.json(), {
    success: false,
    error: { code: 'NOT_FOUND', message: 'Route GET /api/nope not found' },
  });

  const badQuery = await app.inject({ method: 'GET', url: '/api/documents?limit=1000&page=0', headers });
  t.equal(badQuery.statusCode, 400);
  t.equal(badQuery.json().error.code, 'VALIDATION_ERROR');

  const badStatus = await app.inject({ method: 'GET', url: '/api/documents?status=DONE', headers });
  t.equal(badStatus.statusCode, 400);

  // Found by schemathesis: each of these was a 500 or left the envelope.
  const nul = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers,
    payload: { name: 'a\u0000b' },
  });
  t.equal(nul.statusCode, 400);
  t.same(nul.json().error.details, [{ field: 'name', reason: 'must not contain NUL characters' }]);
  const hugePage = await app.inject({
    method: 'GET',
    url: '/api/documents?page=264682981547167350639296512',
    headers,
  });
  t.equal(hugePage.statusCode, 400);
  const noBoundary = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, 'content-type': 'multipart/form-data' },
    payload: 'x',
  });
  t.equal(noBoundary.statusCode, 400);
  t.equal(noBoundary.json().error.code, 'VALIDATION_ERROR');
  const longId = await app.inject({ method: 'GET', url: `/api/documents/${'x'.repeat(800)}`, headers });
  t.equal(longId.statusCode, 400);
  t.equal(longId.json().success, false);
  const id65 = await app.inject({ method: 'GET', url: `/api/documents/${'x'.repeat(65)}`, headers });
  t.equal(id65.statusCode, 400);
});

t.test('OpenAPI document and health', async (t) => {
  const { app } = await buildTestApp(t);
  const doc = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  t.equal(doc.statusCode, 200);
  const spec = doc.json();
  t.equal(spec.info.version, '3.5.0');
  for (const path of [
    '/api/auth/login',
    '/api/documents/upload',
    '/api/chat/stream',
    '/api/public/chat/stream',
    '/api/api-keys',
  ]) {
    t.ok(spec.paths[path], `documents ${path}`);
  }
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  t.equal(health.statusCode, 200);
  t.same(
    health.json().data,
    { status: 'ok', version: '3.5.0' },
    'the public answer says only ok and the version',
  );
  const admin = await signUp(app);
  const details = await app.inject({ method: 'GET', url: '/api/health/details', headers: admin.headers });
  t.match(details.json().data, {
    status: 'ok',
    database: 'pglite',
    vectorSearch: true,
    llmProvider: 'extractive',
  });
});

t.test('a body with a thousand bad items lists the first 100 (the envelope allows no more)', async (t) => {
  const { app } = await buildTestApp(t);
  const { headers } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers,
    payload: { name: 'many', topicIds: Array.from({ length: 1001 }, (_, i) => i) },
  });
  t.equal(res.statusCode, 400);
  const details = res.json().error.details as unknown[];
  t.ok(details.length > 1, `${details.length} details`);
  t.ok(details.length <= 100, 'at most 100 (ErrorEnvelope details maxItems)');
});
