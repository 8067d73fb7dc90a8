import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';

/**
 * CORS for browser apps on other origins (plugins/cors.ts): preflights allow every method the
 * routes have and the headers clients send; answers expose the rate-limit headers, the request
 * id and the rest; credentials only for the origins CORS_ORIGINS lists, never with `*`.
 */
const APP = 'https://app.example.com';

const preflight = (
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  url: string,
  origin: string,
  method: string,
  headers: string,
) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const list = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

t.test('listed origins: every method, the clients’ headers, exposed headers, credentials', async (t) => {
  const { app } = await buildTestApp(t, {
    env: { CORS_ORIGINS: `${APP}, http://localhost:5173`, RATE_LIMIT_ENABLED: 'true' },
  });
  const admin = await signUp(app);
  const sent = 'authorization,content-type,idempotency-key,x-request-id,last-event-id,if-none-match';
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const res = await preflight(app, '/api/topics/top_x', APP, method, sent);
    t.equal(res.statusCode, 204, `${method}: preflight answered`);
    t.equal(res.headers['access-control-allow-origin'], APP, `${method}: the listed origin is echoed`);
    t.equal(res.headers['access-control-allow-credentials'], 'true', `${method}: with credentials`);
    t.ok(
      list(res.headers['access-control-allow-methods']).includes(method.toLowerCase()),
      `${method} allowed`,
    );
    for (const h of sent.split(','))
      t.ok(list(res.headers['access-control-allow-headers']).includes(h), `${method}: ${h} allowed`);
    t.equal(res.headers['access-control-max-age'], '600');
    t.match(res.headers.vary, /origin/i);
  }
  const other = await preflight(app, '/api/topics/top_x', 'https://evil.example', 'DELETE', 'authorization');
  t.equal(other.headers['access-control-allow-origin'], undefined, 'an unlisted origin gets no grant');
  t.equal(other.headers['access-control-allow-credentials'], undefined);
  t.match(other.headers.vary, /origin/i, 'and Vary: Origin, for shared caches');

  const res = await app.inject({ url: '/api/topics', headers: { ...admin.headers, origin: APP } });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['access-control-allow-origin'], APP);
  t.equal(res.headers['access-control-allow-credentials'], 'true');
  const exposed = list(res.headers['access-control-expose-headers']);
  for (const h of [
    'x-request-id',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'retry-after',
    'idempotent-replayed',
    'location',
    'content-disposition',
    'etag',
  ])
    t.ok(exposed.includes(h), `exposes ${h}`);
  t.ok(res.headers['x-ratelimit-remaining'] !== undefined, 'and the rate-limit headers are there to read');

  // The widget's routes: any origin, never with credentials (the key's domains decide).
  const pub = await preflight(
    app,
    '/api/public/chat',
    'https://shop.example.org',
    'POST',
    'x-api-key,content-type',
  );
  t.equal(pub.headers['access-control-allow-origin'], 'https://shop.example.org');
  t.equal(pub.headers['access-control-allow-credentials'], undefined, 'public routes: no credentials');
  t.ok(list(pub.headers['access-control-allow-headers']).includes('x-api-key'));
});

t.test('CORS_ORIGINS=* answers `*` and never allows credentials', async (t) => {
  const { app } = await buildTestApp(t, { env: { CORS_ORIGINS: '*' } });
  const admin = await signUp(app);
  const res = await preflight(app, '/api/topics/top_x', APP, 'PUT', 'authorization,content-type');
  t.equal(res.statusCode, 204);
  t.equal(res.headers['access-control-allow-origin'], '*');
  t.equal(res.headers['access-control-allow-credentials'], undefined, 'no credentials with *');
  t.ok(list(res.headers['access-control-allow-methods']).includes('put'));
  const get = await app.inject({ url: '/api/topics', headers: { ...admin.headers, origin: APP } });
  t.equal(get.headers['access-control-allow-origin'], '*');
  t.equal(get.headers['access-control-allow-credentials'], undefined);
  t.ok(list(get.headers['access-control-expose-headers']).includes('x-request-id'));
});

t.test('a request without Origin gets no CORS header, only Vary: Origin', async (t) => {
  const { app } = await buildTestApp(t, { env: { CORS_ORIGINS: '*' } });
  const admin = await signUp(app);
  for (const url of ['/api/health', '/api/topics']) {
    const res = await app.inject({ url, headers: admin.headers });
    t.equal(res.statusCode, 200, url);
    t.equal(res.headers['access-control-allow-origin'], undefined, `${url}: no grant without Origin`);
    t.equal(res.headers['access-control-expose-headers'], undefined, `${url}: nothing exposed`);
    t.ok(list(res.headers.vary).includes('origin'), `${url}: Vary: Origin, for shared caches`);
    const cross = await app.inject({ url, headers: { ...admin.headers, origin: APP } });
    t.equal(
      cross.headers['access-control-allow-origin'],
      '*',
      `${url}: the same answer to a browser is granted`,
    );
  }
});
