import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/** What schemathesis found (npm run api:fuzz, docs/api.md), kept fixed by plain requests. */
t.test('schemathesis findings stay fixed', async (t) => {
  const { app } = await buildTestApp(t);
  const { headers } = await signUp(app);

  const query = await app.inject({ method: 'QUERY' as 'GET', url: '/api/health' });
  t.equal(query.statusCode, 405, 'an unrouted method that may carry a body is 405, not 400');
  t.equal(query.json().error.code, 'METHOD_NOT_ALLOWED');
  t.match(query.headers.allow, /GET/);

  const form = multipartBody({ topicID: 'top_x' }, { filename: 'a.txt', bytes: Buffer.from('hello world') });
  const extra = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  t.equal(extra.statusCode, 400, 'an unknown form field is refused, not ignored');
  t.same(extra.json().error.details[0].field, 'topicID');

  const proto = await app.inject({
    method: 'POST',
    url: '/api/search',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{"query":"hello","__proto__":{"polluted":true}}',
  });
  t.not(proto.statusCode, 500);
  t.equal(proto.statusCode, 200, 'a __proto__ key is dropped, the request answered');
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'and nothing was polluted');

  const blank = await app.inject({
    method: 'POST',
    url: '/api/search',
    headers,
    payload: { query: ' \r\n' },
  });
  t.equal(blank.statusCode, 400, 'a blank query is refused by the schema');
  t.equal(blank.json().error.code, 'VALIDATION_ERROR');

  const topic = await app.inject({
    method: 'POST',
    url: '/api/search',
    headers,
    payload: { query: 'hello', topicId: 'top_nope' },
  });
  t.equal(topic.statusCode, 404, 'an unknown topic is not found');
});
