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

interface Media {
  schema?: { $ref?: string };
  examples?: Record<string, { value?: unknown }>;
}

interface DocOperation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}

t.test(
  'integrators (issue 25): named bodies, the event union, examples, Idempotency-Key, webhooks',
  async (t) => {
    const { app } = await buildTestApp(t);
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    t.equal(doc.info.license.identifier, 'LicenseRef-Proprietary', 'an SPDX licence identifier');
    const union = doc.components.schemas.ChatStreamEvent;
    t.same(
      union.oneOf.map((o: { $ref: string }) => o.$ref.split('/').pop()),
      ['StreamTokenEvent', 'StreamSourcesEvent', 'StreamDoneEvent', 'StreamErrorEvent'],
      'ChatStreamEvent is a oneOf of the four events',
    );
    t.equal(union.discriminator.propertyName, 'type');
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, DocOperation>)) {
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        const bodies = Object.entries(op.requestBody?.content ?? {});
        for (const [type, media] of bodies) {
          t.match(
            media.schema?.$ref,
            /^#\/components\/schemas\/[A-Z]\w+Request$/,
            `${name} ${type}: named body`,
          );
          t.ok(media.examples?.request, `${name}: a request example`);
        }
        for (const [status, response] of Object.entries(op.responses)) {
          for (const [type, media] of Object.entries(response.content ?? {})) {
            t.match(media.schema?.$ref, /^#\/components\/schemas\/\w+$/, `${name} ${status} ${type}: named`);
            t.ok(Object.keys(media.examples ?? {}).length > 0, `${name} ${status} ${type}: an example`);
            if (!status.startsWith('2')) {
              const example = Object.values(media.examples ?? {})[0]?.value as {
                error?: { code?: string };
                schemas?: string[];
              };
              if (path.startsWith('/scim/'))
                t.same(
                  example?.schemas,
                  ['urn:ietf:params:scim:api:messages:2.0:Error'],
                  `${name} ${status}: SCIM error`,
                );
              else t.match(example?.error?.code, /^[A-Z_]+$/, `${name} ${status}: the error envelope`);
            }
          }
        }
        const takesKey = (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
        const creates =
          method === 'post' && op.security?.length !== 0 && ('201' in op.responses || '202' in op.responses);
        // SCIM clients retry a create by looking the resource up (filter), not with Idempotency-Key.
        if (creates && !path.startsWith('/scim/')) t.ok(takesKey, `${name}: creating, takes Idempotency-Key`);
        if (takesKey) t.ok(op.responses['422'] && op.responses['409'], `${name}: 409 and 422 documented`);
      }
    }
    t.ok(operations >= 70, `${operations} operations`);
    const streamed = doc.paths['/api/chat/stream'].post.responses['200'];
    t.equal(streamed.content['text/event-stream'].schema.$ref, '#/components/schemas/ChatStreamEvent');
    t.match(streamed.description, /data: \{"type":"done"/, 'an SSE transcript');
    for (const path of ['/api/chat/message', '/api/public/chat', '/api/documents/upload']) {
      const params = doc.paths[path].post.parameters as { name: string }[];
      t.ok(
        params.some((p) => p.name === 'Idempotency-Key'),
        `${path} takes Idempotency-Key`,
      );
    }
    t.same(
      Object.keys(doc.webhooks).sort(),
      [
        'connector.sync.completed',
        'connector.sync.failed',
        'conversation.created',
        'document.error',
        'document.uploaded',
        'document.vectorized',
        'webhook.test',
      ],
      'every webhook event',
    );
    const uploaded = doc.webhooks['document.uploaded'].post;
    t.same(
      uploaded.parameters.map((p: { name: string }) => p.name),
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
    );
    t.equal(
      uploaded.requestBody.content['application/json'].schema.$ref,
      '#/components/schemas/WebhookEventDocumentUploaded',
    );
    for (const [event, item] of Object.entries(
      doc.webhooks as Record<string, { post: { requestBody: { content: Record<string, Media> } } }>,
    )) {
      const payload = item.post.requestBody.content['application/json']?.examples?.payload?.value;
      t.match(payload, { type: event, timestamp: String, data: Object }, `${event}: a payload example`);
    }
    const inline = JSON.stringify(doc.components.schemas).match(/"_\d{3}_response|_inner"/);
    t.notOk(inline, 'no generator-style names');
  },
);
