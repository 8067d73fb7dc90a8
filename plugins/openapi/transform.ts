import type { FastifySchema, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { errorResponses } from '../../schemas/errors.ts';
import { LIMITS, type LimitGroup } from '../rate-limit.ts';
import { addResourceLinks } from './links.ts';
import { HEADERS } from './document.ts';
import { nameInlineSchemas } from './components.ts';
import { addExamples } from './examples.ts';
import { addWebhooks } from './webhooks.ts';
import { KEY_HEADER_PATTERN, MAX_KEY_LENGTH, takesIdempotencyKey } from '../idempotency.ts';

/**
 * The `Idempotency-Key` request header, on every operation that takes one (plugins/idempotency.ts):
 * its pattern is the one the server checks. No example value: a key names one logical request, and
 * a fixed example is what tools and people reuse (Swagger UI's "Try it out" fills it in; a fuzzer
 * sends it with every generated body), each reuse with another body a 422.
 */
const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  // The quoted form: the key and its two quotes.
  maxLength: MAX_KEY_LENGTH + 2,
  pattern: KEY_HEADER_PATTERN,
  description:
    'Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): the same key with the same request within 24 h answers the stored response (`Idempotent-Replayed: true`) and creates nothing; with another request, 422 `VALIDATION_ERROR`; while the first is still running, 409 `CONFLICT` (retry after `Retry-After`). Scoped to the caller (user or API key). A key is 1–255 printable ASCII characters other than `"`, sent bare or quoted (`"…"`, the same key). Make a new one (a UUID, e.g. `crypto.randomUUID()`) for each logical request and send it again only with that request\'s retries.',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the OpenAPI document shows it, for bodies Fastify does not validate
     * itself (multipart uploads are read from the stream by the handler).
     */
    openapiBody?: { mediaType: string; schema: TSchema };
  }
}

type Json = Record<string, unknown>;

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created' };

const LIMIT_LABELS: Record<LimitGroup, string> = {
  authenticated: 'authenticated class, per user',
  public: `public class, per API key; at most ${LIMITS.publicPerIp} per client IP`,
  upload: 'upload class, per user',
  chatStream: `chat streaming class, per API key; at most ${LIMITS.publicPerIp} public requests per client IP`,
  login: 'sign-in class, per client IP',
};

/** The same choice plugins/rate-limit.ts makes, from the route's declared config. */
function limitGroupOf(config: RouteOptions['config']): LimitGroup {
  return config?.limitGroup ?? (config?.auth === 'apiKey' ? 'public' : 'authenticated');
}

/**
 * Per route, from what the route declares for its own behaviour (config.auth, config.permission,
 * config.limitGroup), so the document cannot drift from it: the security requirement, the 401,
 * 403 and 413 it can answer, its rate-limit class in the description, and a doc-only request body.
 */
export function transformRoute({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: RouteOptions;
}): { schema: FastifySchema; url: string } {
  if (!url.startsWith('/api/') || !schema || schema.hide) return { schema, url };
  const config = route.config;
  const auth = config?.auth ?? 'jwt';
  const out: Json = { ...schema };
  out.security = auth === 'none' ? [] : auth === 'apiKey' ? [{ apiKey: [] }] : [{ bearerAuth: [] }];
  const response = { ...(schema.response as Json | undefined) };
  const implied: number[] = [];
  if (auth !== 'none') implied.push(401);
  if (auth === 'apiKey' || config?.permission) implied.push(403);
  // Any body is held to a size limit while it is read (MAX_JSON_BODY_KB, or the route's own), before
  // it is validated: a route that takes one can answer 413 whatever its schema allows.
  if (schema.body || config?.openapiBody) implied.push(413);
  for (const [status, ref] of Object.entries(errorResponses(...implied)))
    if (!(status in response)) response[status] = ref;
  for (const [status, success] of Object.entries(response)) {
    const s = success as Json;
    if (status.startsWith('2') && !s.description)
      response[status] = { ...s, description: `${SUCCESS[status] ?? 'Success'}: ${schema.summary ?? ''}` };
  }
  if (takesIdempotencyKey(route.method, config, schema)) {
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as Json;
    out.headers = {
      ...headers,
      properties: { ...(headers.properties as Json | undefined), 'Idempotency-Key': IDEMPOTENCY_KEY },
    };
    for (const [status, ref] of Object.entries(
      errorResponses({
        409: 'A request with the same `Idempotency-Key` is still being processed (or the resource conflicts)',
        422: 'The `Idempotency-Key` was already used with a different request',
      }),
    ))
      if (!(status in response) || status === '409') response[status] = ref;
  }
  if (config?.deprecated) out.deprecated = true;
  out.response = response;
  const group = limitGroupOf(config);
  out.description =
    `${(schema.description as string | undefined) ?? schema.summary ?? ''}\n\n` +
    `Rate limit: ${LIMITS[group]} requests per minute by default (${LIMIT_LABELS[group]}).`;
  if (config?.openapiBody) {
    out.body = config.openapiBody.schema;
    out.consumes = [config.openapiBody.mediaType];
  }
  return { schema: out as FastifySchema, url };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * Adds `type` to enums, `format` to integers, recursively over a schema. A one-value boolean
 * (TypeBox's `Literal(true)`: the envelope's `success`, a delete's `deleted`, which @fastify/swagger
 * writes as `enum: [true]`) is written as a plain boolean that says its value: openapi-generator's
 * `python` turns a boolean enum, and `const` too (its parser reads `const` as a one-value enum),
 * into a check against the string `'true'` that rejects every response (issue 38; measured per
 * generator in docs/decisions.md). The server still only ever sends that value.
 */
function tidySchema(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(tidySchema);
  const s = node as Json;
  if (Array.isArray(s.enum) && s.enum.length === 1 && typeof s.enum[0] === 'boolean') {
    const always = `Always \`${String(s.enum[0])}\``;
    s.type = 'boolean';
    s.description = typeof s.description === 'string' ? `${s.description}. ${always}` : always;
    delete s.enum;
  }
  if (Array.isArray(s.enum) && s.type === undefined) {
    const types = new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
    if (types.size === 1 && (types.has('string') || types.has('boolean'))) s.type = [...types][0];
  }
  if (s.type === 'integer' && s.format === undefined) {
    const small =
      Number(s.maximum ?? Infinity) <= 2 ** 31 - 1 && Number(s.minimum ?? -Infinity) >= -(2 ** 31);
    s.format = small ? 'int32' : 'int64';
  }
  for (const v of Object.values(s)) tidySchema(v);
}

/** Properties with a default are optional to a client, whatever the server-side schema says. */
function optionalDefaults(schema: unknown): void {
  const s = schema as Json | undefined;
  if (!s || !Array.isArray(s.required) || !s.properties) return;
  const props = s.properties as Record<string, Json>;
  s.required = s.required.filter((name: string) => props[name]?.default === undefined);
  if ((s.required as string[]).length === 0) delete s.required;
}

/**
 * Whole-document pass: rate-limit and CORS headers (reusable components) on every response,
 * `Retry-After` on 429s, parameters and body fields with defaults optional, typed enums and
 * integer formats, and links from each created resource to the operations on it.
 */
export function transformDocument({ openapiObject }: { openapiObject: Json }): Json {
  const doc = openapiObject as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  doc.components.headers = HEADERS;
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        response.headers = {
          ...(response.headers as Json | undefined),
          'X-RateLimit-Limit': ref('X-RateLimit-Limit'),
          'X-RateLimit-Remaining': ref('X-RateLimit-Remaining'),
          'X-RateLimit-Reset': ref('X-RateLimit-Reset'),
          ...(status === '429' ? { 'Retry-After': ref('Retry-After') } : {}),
          'Access-Control-Allow-Origin': ref('Access-Control-Allow-Origin'),
        };
      }
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.in !== 'path' && (p.schema as Json | undefined)?.default !== undefined) p.required = false;
      }
      const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      for (const media of Object.values(content ?? {})) optionalDefaults(media.schema);
    }
  }
  addResourceLinks(doc.paths);
  const schemas = doc.components.schemas as Record<string, Json>;
  // Discriminated unions as `oneOf` (TypeBox writes `anyOf`): generators then make tagged unions.
  for (const schema of Object.values(schemas)) {
    if (schema.discriminator && schema.anyOf) {
      schema.oneOf = schema.anyOf;
      delete schema.anyOf;
    }
  }
  addWebhooks(doc);
  nameInlineSchemas(doc);
  tidySchema(doc.paths);
  tidySchema(doc.components.schemas);
  addExamples(doc);
  return doc;
}
