import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { checkOrigin, normalizeDomains, parseDomainRule } from '../../src/api-keys/domains.ts';

t.test(
  'domain table: exact, wildcard, deep wildcard, look-alikes, scheme, port, missing headers, null',
  async (t) => {
    const { domains } = normalizeDomains([
      'Shop.Example.com',
      '*.docs.example.org',
      'https://secure.example.net',
      'localhost:5173',
      'http://*.intranet.example:8080',
      'Bücher.example',
    ]);
    t.same(domains, [
      'shop.example.com',
      '*.docs.example.org',
      'https://secure.example.net',
      'localhost:5173',
      'http://*.intranet.example:8080',
      'xn--bcher-kva.example',
    ]);
    const rows: [string | undefined, string | undefined, boolean, string][] = [
      // [Origin, Referer, requireHttps, expected]
      ['https://shop.example.com', undefined, false, 'allowed'],
      ['http://shop.example.com', undefined, false, 'allowed'],
      ['http://shop.example.com', undefined, true, 'not-https'],
      ['https://SHOP.example.com', undefined, false, 'allowed'],
      ['https://shop.example.com:443', undefined, false, 'allowed'],
      ['https://shop.example.com:8443', undefined, false, 'not-listed'],
      ['https://example.com', undefined, false, 'not-listed'],
      ['https://evil-shop.example.com', undefined, false, 'not-listed'],
      ['https://shop.example.com.evil.test', undefined, false, 'not-listed'],
      ['https://shop.example.community', undefined, false, 'not-listed'],
      ['https://a.docs.example.org', undefined, false, 'allowed'],
      ['https://a.b.c.docs.example.org', undefined, false, 'allowed'],
      ['https://docs.example.org', undefined, false, 'not-listed'],
      ['https://evildocs.example.org', undefined, false, 'not-listed'],
      ['https://a.docs.example.org.evil.test', undefined, false, 'not-listed'],
      ['https://secure.example.net', undefined, false, 'allowed'],
      ['http://secure.example.net', undefined, false, 'not-listed'],
      ['http://localhost:5173', undefined, false, 'allowed'],
      ['http://localhost:5174', undefined, false, 'not-listed'],
      ['http://localhost', undefined, false, 'not-listed'],
      ['http://x.intranet.example:8080', undefined, false, 'allowed'],
      ['https://x.intranet.example:8080', undefined, false, 'not-listed'],
      ['http://x.intranet.example', undefined, false, 'not-listed'],
      ['https://xn--bcher-kva.example', undefined, false, 'allowed'],
      ['https://bücher.example', undefined, false, 'allowed'],
      [undefined, 'https://shop.example.com/page?q=1', false, 'allowed'],
      [undefined, 'https://evil.test/?https://shop.example.com', false, 'not-listed'],
      [undefined, undefined, false, 'no-origin'],
      ['null', undefined, false, 'no-origin'],
      ['null', 'https://shop.example.com/', false, 'no-origin'],
      ['file:///etc/passwd', undefined, false, 'no-origin'],
      ['not a url', undefined, false, 'no-origin'],
      ['https://evil.test', 'https://shop.example.com/', false, 'not-listed'],
    ];
    for (const [origin, referer, requireHttps, expected] of rows) {
      t.equal(
        checkOrigin(domains, requireHttps, origin, referer),
        expected,
        `${origin ?? '-'} / ${referer ?? '-'}${requireHttps ? ' (https required)' : ''}`,
      );
    }
    // A key without domains: any site, and server-to-server; https still enforced when required.
    t.equal(checkOrigin([], false, undefined, undefined), 'allowed');
    t.equal(checkOrigin([], false, 'http://anything.test', undefined), 'allowed');
    t.equal(checkOrigin([], true, 'http://anything.test', undefined), 'not-https');
    t.equal(checkOrigin([], true, 'https://anything.test', undefined), 'allowed');
    for (const bad of [
      'https://a.com/path',
      'a.com:0',
      'a.com:70000',
      '*',
      '*.',
      'a.*.com',
      'user@a.com',
      '[::1]',
      'ftp://a.com',
      '*.com',
      '*.CO.uk',
      'https://*.github.io',
      '*.localhost',
    ])
      t.equal(parseDomainRule(bad), null, `refused: ${bad}`);
  },
);

t.test(
  'keys: create flags anyOrigin, list shows prefix + last 4, PUT changes domains at once, CORS echo',
  async (t) => {
    const { app } = await buildTestApp(t);
    const admin = await signUp(app);
    const other = await signUp(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'site', allDocuments: true },
    });
    t.equal(created.statusCode, 201);
    const key = created.json().data;
    t.equal(key.anyOrigin, true, 'no domains: flagged as usable from any site');
    t.equal(key.requireHttps, false);
    t.equal(key.keyLast4, key.key.slice(-4));
    const list = (await app.inject({ method: 'GET', url: '/api/api-keys', headers: admin.headers })).json()
      .data.items;
    t.match(list[0], {
      id: key.id,
      keyPrefix: key.key.slice(0, 13),
      keyLast4: key.key.slice(-4),
      environment: 'live',
      anyOrigin: true,
      lastUsedAt: null,
    });
    t.notOk(JSON.stringify(list).includes(key.key));

    const headers = (origin?: string) => ({ 'x-api-key': key.key, ...(origin ? { origin } : {}) });
    const topics = (origin?: string) =>
      app.inject({ method: 'GET', url: '/api/public/topics', headers: headers(origin) });
    t.equal((await topics('https://anything.test')).statusCode, 200, 'any origin while no domains');

    const bad = await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${key.id}`,
      headers: admin.headers,
      payload: { authorizedDomains: ['https://shop.example.com/path'] },
    });
    t.equal(bad.statusCode, 400);
    const tld = await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${key.id}`,
      headers: admin.headers,
      payload: { authorizedDomains: ['www.example.com', '*.com'] },
    });
    t.equal(tld.statusCode, 400, 'a wildcard over a public suffix is refused');
    t.match(tld.json().error.details, [{ field: 'authorizedDomains', reason: /^\*\.com: .*public suffix/ }]);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${key.id}`,
      headers: admin.headers,
      payload: { name: 'shop', authorizedDomains: ['Shop.Example.com'], requireHttps: true },
    });
    t.equal(put.statusCode, 200);
    t.match(put.json().data, {
      name: 'shop',
      authorizedDomains: ['shop.example.com'],
      requireHttps: true,
      anyOrigin: false,
    });
    const refused = await topics('https://anything.test');
    t.equal(refused.statusCode, 403, 'the change counts at once (auth cache dropped)');
    t.match(refused.json().error, { code: 'FORBIDDEN', message: /Unauthorized domain/ });
    t.equal((await topics('http://shop.example.com')).statusCode, 403, 'https required');
    t.equal((await topics()).statusCode, 403, 'no origin with domains');
    const ok = await topics('https://shop.example.com');
    t.equal(ok.statusCode, 200);
    t.equal(ok.headers['access-control-allow-origin'], 'https://shop.example.com', 'CORS echoes the origin');
    t.match(String(ok.headers.vary), /Origin/i, 'Vary: Origin');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/public/chat/stream',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    t.equal(preflight.statusCode, 204);
    t.equal(preflight.headers['access-control-allow-origin'], 'https://shop.example.com');
    t.match(String(preflight.headers['access-control-allow-headers']), /X-API-Key/i);
    t.match(String(preflight.headers.vary), /Origin/i);

    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${key.id}`,
      headers: other.headers,
      payload: { name: 'stolen' },
    });
    t.equal(foreign.statusCode, 404, "another company's key is not found");
    const empty = await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${key.id}`,
      headers: admin.headers,
      payload: {},
    });
    t.equal(empty.statusCode, 400, 'an empty change is refused');
  },
);
