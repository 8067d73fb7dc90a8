import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';
import { TAGS } from '../../plugins/openapi/document.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

/** Routes that are deliberately not in the document: the document itself and its UI. */
const UNDOCUMENTED = /^\/api\/(openapi\.json|docs(\/.*)?)$/;

t.test('every registered route is in the document, complete', async (t) => {
  const { app } = await buildTestApp(t);
  const doc = (await app.inject({ url: '/api/openapi.json' })).json();
  t.equal(doc.info.version, '3.5.0');
  t.ok(doc.servers?.length, 'servers');
  t.ok(doc.info.contact && doc.info.license, 'contact and licence');
  const tagNames = new Set(TAGS.map((tag) => tag.name));
  t.same(
    doc.tags.map((tag: { name: string }) => tag.name),
    [...tagNames],
    'top-level tags are the list',
  );
  const ids = new Set<string>();
  let checked = 0;
  for (const route of app.routeTable) {
    if (route.method === 'OPTIONS' || !route.url.startsWith('/api/') || UNDOCUMENTED.test(route.url))
      continue;
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const name = `${route.method} ${route.url}`;
    const op: Operation | undefined = doc.paths[path]?.[route.method.toLowerCase()];
    if (!op) {
      t.fail(`${name} is missing from the OpenAPI document`);
      continue;
    }
    checked++;
    t.match(op.operationId, /^[a-z][A-Za-z]+$/, `${name}: camelCase operationId`);
    t.notOk(ids.has(op.operationId!), `${name}: operationId ${op.operationId} is unique`);
    ids.add(op.operationId!);
    t.ok(op.tags?.length && op.tags.every((tag) => tagNames.has(tag)), `${name}: a listed tag`);
    t.ok(op.summary && op.description, `${name}: summary and description`);
    // Declared on every operation: a requirement, or `[]` (none) for the anonymous ones.
    t.ok(Array.isArray(op.security), `${name}: security declared`);
    if (op.security?.length === 0) t.match(route.url, /^\/api\/(health|ready|auth\/)/, `${name}: anonymous`);
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      t.not(response.description, 'Default Response', `${name} ${status}: described`);
      t.ok(response.headers?.['X-RateLimit-Limit'], `${name} ${status}: rate-limit headers`);
    }
    t.ok(op.responses?.['429']?.headers?.['Retry-After'], `${name}: 429 with Retry-After`);
  }
  t.ok(checked >= 50, `checked ${checked} operations`);
  const codes = doc.components.schemas.ErrorCode.enum as string[];
  t.ok(codes.includes('RATE_LIMIT_EXCEEDED') && codes.includes('VALIDATION_ERROR'), 'error.code enum');
});

t.test('unknown methods on known paths are 405 in the error envelope', async (t) => {
  const { app } = await buildTestApp(t);
  for (const [method, url] of [
    ['TRACE', '/api/documents'],
    ['PUT', '/api/health'],
    ['PATCH', '/api/documents/doc_x'],
  ] as const) {
    const res = await app.inject({ method, url });
    t.equal(res.statusCode, 405, `${method} ${url}`);
    t.equal(res.json().error.code, 'METHOD_NOT_ALLOWED');
    t.ok(String(res.headers.allow).includes('GET'), 'Allow lists the methods');
  }
  const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().error.code, 'NOT_FOUND');
});
