import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { createApiKey } from '../../src/api-keys/api-keys.repository.ts';

/**
 * Issue 38's small contract fixes: every 401 carries a `WWW-Authenticate` challenge (RFC 6750 §3
 * for bearer routes, `error="invalid_token"` once a token was presented) and the
 * `X-RateLimit-*` headers docs/api.md promises; a new API key must state its scope.
 */
t.test('401: WWW-Authenticate and the rate-limit headers', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_ENABLED: 'true' } });
  const none = await app.inject({ url: '/api/topics' });
  t.equal(none.statusCode, 401);
  t.equal(none.headers['www-authenticate'], 'Bearer realm="cog-rag"', 'no token: a bare Bearer challenge');
  t.equal(none.headers['x-ratelimit-limit'], '300', 'the authenticated class’s limit');
  const first = Number(none.headers['x-ratelimit-remaining']);
  t.ok(first >= 0 && first < 300, 'remaining is counted');
  t.ok(Number(none.headers['x-ratelimit-reset']) >= 1, 'reset in seconds');
  const again = await app.inject({ url: '/api/documents' });
  t.equal(Number(again.headers['x-ratelimit-remaining']), first - 1, 'each 401 counts, per client IP');

  const forged = await app.inject({ url: '/api/topics', headers: { authorization: 'Bearer not.a.token' } });
  t.equal(forged.statusCode, 401);
  t.match(
    forged.headers['www-authenticate'],
    /^Bearer realm="cog-rag", error="invalid_token", error_description="[\x20-\x21\x23-\x5b\x5d-\x7e]+"$/,
    'a presented token: error="invalid_token" with a description in the allowed characters',
  );
  t.ok(forged.headers['x-ratelimit-remaining'] !== undefined);

  const publicRoute = await app.inject({ url: '/api/public/topics' });
  t.equal(publicRoute.statusCode, 401);
  t.equal(publicRoute.headers['www-authenticate'], 'ApiKey realm="cog-rag", header="X-API-Key"');
  t.equal(publicRoute.headers['x-ratelimit-limit'], '60');

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'nobody@example.com', password: 'wrong password' },
  });
  t.equal(login.statusCode, 401);
  t.match(login.headers['www-authenticate'], /^Bearer realm="cog-rag"/, 'a refused sign-in too');
  t.ok(login.headers['x-ratelimit-limit'] !== undefined);

  const admin = await signUp(app);
  const ok = await app.inject({ url: '/api/topics', headers: admin.headers });
  t.equal(ok.statusCode, 200);
  t.equal(ok.headers['www-authenticate'], undefined, 'no challenge on success');
  t.equal(ok.headers['x-ratelimit-limit'], '300');
  const missing = await app.inject({ url: '/api/documents/doc_nothere', headers: admin.headers });
  t.equal(missing.statusCode, 404);
  t.ok(missing.headers['x-ratelimit-remaining'] !== undefined, 'a 404 of a route carries them too');
});

t.test('a new API key needs topicIds or allDocuments; existing keys keep theirs', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/api-keys', headers: admin.headers, payload });
  for (const payload of [
    { name: 'bare' },
    { name: 'false', allDocuments: false },
    { name: 'empty', topicIds: [] },
    { name: 'both empty', allDocuments: false, topicIds: [] },
  ]) {
    const res = await post(payload);
    t.equal(res.statusCode, 400, `${payload.name}: refused`);
    t.equal(res.json().error.code, 'VALIDATION_ERROR');
    t.same(
      res.json().error.details.map((d: { field: string }) => d.field),
      ['topicIds', 'allDocuments'],
      `${payload.name}: details name both fields`,
    );
  }
  t.same(
    (await app.inject({ url: '/api/api-keys', headers: admin.headers })).json().data.items,
    [],
    'none made',
  );

  const topic = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: admin.headers,
    payload: { name: 'Support' },
  });
  const topicId = topic.json().data.id as string;
  const scoped = await post({ name: 'scoped', topicIds: [topicId] });
  t.equal(scoped.statusCode, 201);
  t.same(scoped.json().data.topicIds, [topicId]);
  const all = await post({ name: 'all', allDocuments: true });
  t.equal(all.statusCode, 201);
  t.equal(all.json().data.allDocuments, true);

  // A key made before the rule (no scope) is still listed, usable and editable.
  const old = await createApiKey(app.ctx.db, {
    companyId: admin.user.companyId,
    name: 'legacy',
    environment: 'live',
    authorizedDomains: [],
    requireHttps: false,
  });
  const renamed = await app.inject({
    method: 'PUT',
    url: `/api/api-keys/${old.id}`,
    headers: admin.headers,
    payload: { name: 'legacy, renamed' },
  });
  t.equal(renamed.statusCode, 200, 'an existing key without scope can still be edited');
  t.same(renamed.json().data.topicIds, []);
  const topics = await app.inject({ url: '/api/public/topics', headers: { 'x-api-key': old.key } });
  t.equal(topics.statusCode, 200, 'and still authenticates');
});
