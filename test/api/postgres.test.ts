import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

/**
 * The same app on the PostgreSQL server (with pgvector, which .ci/run installs): auth, documents,
 * ingestion with hybrid retrieval, API keys, tenant isolation — every relational path.
 */
t.test('relational paths on PostgreSQL', async (t) => {
  const { app, ctx } = await buildTestApp(t, { postgres: true, worker: true });
  t.equal(ctx.database.kind, 'postgres');
  const alice = await signUp(app);
  const health = (
    await app.inject({ method: 'GET', url: '/api/health/details', headers: alice.headers })
  ).json().data;
  t.match(health, { database: 'postgres', vectorSearch: true });

  const bob = await signUp(app);
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers });
  t.equal(me.json().data.user.email, alice.email);

  const text =
    'Vacation policy.\n\nEmployees accrue two days of paid leave for every month of continuous service.\n\nRequests go to the HR portal.';
  const body = multipartBody({ name: 'policy' }, { filename: 'policy.txt', bytes: Buffer.from(text) });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...alice.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal(up.statusCode, 201);
  const done = await waitForDocument(app, alice.headers, up.json().data.id);
  t.equal(done.status, 'VECTORIZED');

  const list = await app.inject({
    method: 'GET',
    url: '/api/documents?status=VECTORIZED',
    headers: alice.headers,
  });
  t.equal(list.json().data.pagination.total, 1);
  t.equal(
    (await app.inject({ method: 'GET', url: `/api/documents/${done.id}`, headers: bob.headers })).statusCode,
    404,
  );

  const answer = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: alice.headers,
    payload: { message: 'How many days of paid leave per month?' },
  });
  t.equal(answer.statusCode, 200);
  t.match(answer.json().data.answer, /two days of paid leave for every month of continuous service \[1\]\./);
  t.equal(
    Object.values(answer.json().data.citationMap as Record<string, { documentId: string }>)[0]!.documentId,
    done.id,
  );

  const key = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: alice.headers,
    payload: { name: 'k', environment: 'test', allDocuments: true },
  });
  t.match(key.json().data.key, /^svc_test_/);
  const pub = await app.inject({
    method: 'POST',
    url: '/api/public/chat',
    headers: { 'x-api-key': key.json().data.key },
    payload: { message: 'paid leave per month?' },
  });
  t.equal(pub.statusCode, 200);
  t.match(pub.json().data.answer, /paid leave/);
});
