import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';
import { helmetHeaders } from '../../plugins/security-headers.ts';

t.test("every answer carries helmet's headers, computed once", async (t) => {
  const expected = await helmetHeaders();
  const names = expected.map(([name]) => name);
  // helmet 8's defaults without CSP (https://helmetjs.github.io/).
  for (const name of [
    'x-content-type-options',
    'x-frame-options',
    'strict-transport-security',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'referrer-policy',
  ])
    t.ok(names.includes(name), `helmet sets ${name}`);
  t.notOk(names.includes('content-security-policy'), 'no CSP on JSON answers');

  const { app } = await buildTestApp(t);
  for (const [url, status] of [
    ['/api/health', 200],
    ['/api/documents', 401],
    ['/api/no-such-route', 404],
  ] as const) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, status, url);
    for (const [name, value] of expected) t.equal(res.headers[name], value, `${url}: ${name}`);
  }
});
