import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';
import { API_HELMET_OPTIONS, helmetHeaders } from '../../plugins/security-headers.ts';

t.test("every answer carries helmet's headers, computed once: the API's set under /api", async (t) => {
  const api = await helmetHeaders(API_HELMET_OPTIONS);
  const pages = await helmetHeaders();
  const apiNames = api.map(([name]) => name);
  const pageNames = pages.map(([name]) => name);
  // OWASP REST Security Cheat Sheet's headers for APIs, and CORP.
  for (const name of [
    'x-content-type-options',
    'x-frame-options',
    'strict-transport-security',
    'cross-origin-resource-policy',
  ])
    t.ok(apiNames.includes(name), `the API set has ${name}`);
  // helmet 8's defaults without CSP (https://helmetjs.github.io/) on pages.
  for (const name of [...apiNames, 'cross-origin-opener-policy', 'referrer-policy', 'x-dns-prefetch-control'])
    t.ok(pageNames.includes(name), `the pages' set has ${name}`);
  for (const name of [
    'x-xss-protection',
    'x-download-options',
    'x-dns-prefetch-control',
    'origin-agent-cluster',
  ])
    t.notOk(apiNames.includes(name), `no document-only ${name} on JSON answers`);
  t.notOk(pageNames.includes('content-security-policy'), 'no CSP from helmet (pages set their own)');

  const { app } = await buildTestApp(t);
  for (const [url, status, expected, absent] of [
    ['/api/health', 200, api, 'x-dns-prefetch-control'],
    ['/api/documents', 401, api, 'referrer-policy'],
    ['/api/no-such-route', 404, api, 'x-xss-protection'],
    ['/api/docs/json', 200, pages, undefined],
    ['/no-such-page', 404, pages, undefined],
  ] as const) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, status, url);
    for (const [name, value] of expected) t.equal(res.headers[name], value, `${url}: ${name}`);
    t.equal(res.headers['x-api-version'], '3.5.0', `${url}: x-api-version`);
    if (absent) t.notOk(res.headers[absent], `${url}: no ${absent}`);
  }
});

t.test('a malformed URL is answered in the envelope with the API version', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'GET', url: '/api/documents/%E0%A4%A' });
  t.equal(res.statusCode, 400);
  t.equal(res.json().error.code, 'VALIDATION_ERROR');
  t.equal(res.headers['x-api-version'], '3.5.0');
});
