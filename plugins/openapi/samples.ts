/**
 * Example values generated from the document's own schemas, so every operation's examples match
 * what it declares (Spectral's `oas3-valid-media-example` checks each one against its schema).
 * Field names pick realistic values (`documentId` → `doc_…`); the schema's constraints (enum,
 * const, format, pattern, length, range) always win.
 */

type Json = Record<string, unknown>;

const ULID = '01jd8x7k3m9q2w5e6r7t8y9u0p';
const id = (prefix: string) => `${prefix}_${ULID}`;

/** Id prefixes by the component an `id` belongs to (src/lib/ids.ts). */
const ID_PREFIX: Record<string, string> = {
  Document: 'doc',
  DocumentChunk: 'chk',
  Topic: 'top',
  Conversation: 'conv',
  Message: 'msg',
  Company: 'comp',
  User: 'usr',
  UserDetail: 'usr',
  ApiKey: 'key',
  Group: 'grp',
  Webhook: 'whk',
  Delivery: 'dlv',
  Evaluation: 'eval',
};

/** Values by property name, used when they satisfy the property's schema. */
const BY_NAME: Record<string, unknown> = {
  documentId: id('doc'),
  parentId: id('doc'),
  conversationId: id('conv'),
  messageId: id('msg'),
  topicId: id('top'),
  chunkId: id('chk'),
  webhookId: id('whk'),
  userId: id('usr'),
  companyId: id('comp'),
  groupId: id('grp'),
  eventId: id('evt'),
  evaluationId: id('eval'),
  sessionId: 'sess_k3v9x2m1q8',
  email: 'ada@example.com',
  name: 'Refund policy 2026',
  companyName: 'Acme Corp',
  password: 'correct horse battery staple',
  message: 'What is the refund window?',
  question: 'What is the refund window?',
  query: 'refund window',
  content: 'Refunds are accepted within 30 days of purchase [1].',
  answer: 'Refunds are accepted within 30 days of purchase [1].',
  snippet: 'Refunds are accepted within 30 days of purchase…',
  url: 'https://hooks.example.com/cog-rag',
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMDFqZDh4In0.c2lnbmF0dXJl',
  refreshToken: 'rtk_8f3k2m9x1q7w5e6r4t2y8u0p3z',
  secret: 'whsec_MfKQ9r8GKYqXWlb8yPwRfKBEsXMq2a4Z',
  key: 'svc_live_9x2m1q8k3v7w5e6r4t2y8u0p',
  keyPrefix: 'svc_live_',
  keyLast4: 'u0p3',
  filename: 'refund-policy.pdf',
  mimeType: 'application/pdf',
  format: 'pdf',
  description: 'Customer-facing policies',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:05:00.000Z',
};

/** Values for the patterns the schemas use (a value must match its pattern). */
const BY_PATTERN: Record<string, string> = {
  '^sess_[A-Za-z0-9_-]{1,64}$': 'sess_k3v9x2m1q8',
  '^[0-9]+$': '1',
  '^https?://': 'https://hooks.example.com/cog-rag',
};

const FORMATS: Record<string, string> = {
  'date-time': '2026-11-25T10:00:00.000Z',
  date: '2026-11-25',
  uri: 'https://docs.example.com/refund-policy',
  email: 'ada@example.com',
  uuid: '8e03978e-40d5-43e8-bc93-6894a57f9324',
  binary: '%PDF-1.7 …',
};

function fits(value: unknown, s: Json): boolean {
  if (typeof value !== 'string') return false;
  if (typeof s.maxLength === 'number' && value.length > s.maxLength) return false;
  if (typeof s.minLength === 'number' && value.length < s.minLength) return false;
  return typeof s.pattern !== 'string' || new RegExp(s.pattern, 'u').test(value);
}

function sampleString(s: Json, name: string | undefined, owner: string | undefined): string {
  const candidates = [
    typeof s.format === 'string' ? FORMATS[s.format] : undefined,
    name === 'id' && owner && ID_PREFIX[owner] ? id(ID_PREFIX[owner]) : undefined,
    name ? BY_NAME[name] : undefined,
    typeof s.pattern === 'string' ? BY_PATTERN[s.pattern] : undefined,
    name === 'id' ? id('doc') : undefined,
    typeof s.pattern === 'string' && s.pattern.includes('a-zA-Z') ? 'example.com' : undefined,
    'text',
  ];
  for (const c of candidates) if (fits(c, s)) return c as string;
  return 'x'.repeat(Math.max(1, Number(s.minLength ?? 1)));
}

function sampleNumber(s: Json): number {
  const min = typeof s.minimum === 'number' ? s.minimum : undefined;
  const max = typeof s.maximum === 'number' ? s.maximum : undefined;
  let v = typeof s.default === 'number' ? s.default : 1;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return v;
}

/**
 * A value valid against `schema`, resolving `$ref`s in `components`. `name` is the property it
 * fills, `owner` the component it belongs to; `all` includes optional properties too (request
 * bodies: show every field a client may send).
 */
export function sampleOf(
  schema: unknown,
  components: Record<string, Json>,
  context: { name?: string; owner?: string; all?: boolean; depth?: number } = {},
): unknown {
  const s = (schema ?? {}) as Json;
  const depth = context.depth ?? 0;
  if (typeof s.$ref === 'string') {
    const target = s.$ref.replace('#/components/schemas/', '');
    return sampleOf(components[target], components, { ...context, owner: target, depth });
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (Array.isArray(s.enum)) return s.enum[0];
  const options = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (options) {
    const pick = options.find((o) => o.type !== 'null') ?? options[0];
    return sampleOf(pick, components, context);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties || s.additionalProperties) {
    const out: Json = {};
    const required = new Set((s.required ?? []) as string[]);
    for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
      if (!required.has(key) && !(context.all && depth === 0)) continue;
      out[key] = sampleOf(prop, components, { name: key, owner: context.owner, depth: depth + 1 });
    }
    // Optional properties up to `minProperties` (a PATCH body needs at least one field).
    for (const key of Object.keys((s.properties ?? {}) as Json)) {
      if (Object.keys(out).length >= Number(s.minProperties ?? 0)) break;
      if (!(key in out))
        out[key] = sampleOf((s.properties as Json)[key], components, { name: key, depth: depth + 1 });
    }
    if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
      // '1': a key every map here accepts (CitationMap's keys are the `[n]` numbers).
      out['1'] = sampleOf(s.additionalProperties, components, { owner: context.owner, depth: depth + 1 });
    }
    return out;
  }
  if (type === 'array') {
    if (depth > 8) return [];
    const count = Math.max(1, Number(s.minItems ?? 1));
    return Array.from({ length: Math.min(count, Number(s.maxItems ?? count)) }, () =>
      sampleOf(s.items, components, { owner: context.owner, name: context.name, depth: depth + 1 }),
    );
  }
  if (type === 'string') return sampleString(s, context.name, context.owner);
  if (type === 'integer' || type === 'number') return sampleNumber(s);
  if (type === 'boolean') return typeof s.default === 'boolean' ? s.default : true;
  if (type === 'null') return null;
  return {};
}
