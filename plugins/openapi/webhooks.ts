/**
 * The webhook events as OpenAPI 3.1 `webhooks` (docs/webhooks.md): what Cog-RAG POSTs to a
 * registered endpoint, per event type, with the Standard Webhooks signature headers. The payload
 * schemas go under `components.schemas` (`WebhookEvent<Type>`).
 */

type Json = Record<string, unknown>;

const str = (description: string, extra: Json = {}) => ({
  type: 'string',
  maxLength: 2000,
  description,
  ...extra,
});
const docId = str('The document', { maxLength: 64, examples: ['doc_01jd8x7k3m9q2w5e6r7t8y9u0p'] });

const count = (description: string) => ({
  type: 'integer',
  format: 'int64',
  minimum: 0,
  maximum: 9_007_199_254_740_991,
  description,
});
const CONNECTOR_RUN_REQUIRED = [
  'connectorId',
  'runId',
  'listed',
  'added',
  'updated',
  'moved',
  'deleted',
  'unchanged',
  'failed',
  'embedded',
  'bytes',
];
/** A connector run's `data` (src/connectors/runs.ts `runCounts`). */
const connectorRun = (): Json => ({
  connectorId: str('The connector', { maxLength: 64, examples: ['conn_01jd8x7k3m9q2w5e6r7t8y9u0p'] }),
  runId: str('The run', { maxLength: 64, examples: ['crun_01jd8x7k3m9q2w5e6r7t8y9u0p'] }),
  listed: count('Items the source listed'),
  added: count('New documents'),
  updated: count('Documents whose source changed'),
  moved: count('Items renamed or moved at the source (chunks kept)'),
  deleted: count('Documents whose item left the source'),
  unchanged: count('Items that cost a listing only'),
  failed: count('Items that could not be fetched or stored'),
  embedded: count('Documents sent to parsing and embedding'),
  bytes: count('Bytes downloaded'),
});

/** Each event's `data`, as src/outbox and the routes record it. */
const EVENTS: Record<string, { summary: string; data: Json; required: string[] }> = {
  'document.uploaded': {
    summary: 'A document was stored (an upload, or an e-mail attachment with `parentId`)',
    data: {
      documentId: docId,
      name: str('The document’s name'),
      parentId: { ...docId, description: 'Attachments: the e-mail' },
    },
    required: ['documentId', 'name'],
  },
  'document.vectorized': {
    summary: 'Processing finished: the document is searchable',
    data: {
      documentId: docId,
      chunkCount: { type: 'integer', format: 'int32', minimum: 0, maximum: 10_000_000 },
    },
    required: ['documentId', 'chunkCount'],
  },
  'document.error': {
    summary: 'Processing failed',
    data: { documentId: docId, error: str('Why, in words') },
    required: ['documentId', 'error'],
  },
  'conversation.created': {
    summary: 'A conversation was created (chat or `POST /api/conversations`)',
    data: {
      conversationId: str('The conversation', {
        maxLength: 64,
        examples: ['conv_01jd8x7k3m9q2w5e6r7t8y9u0p'],
      }),
    },
    required: ['conversationId'],
  },
  'connector.sync.completed': {
    summary: 'A connector’s sync finished: its counts (docs/connectors.md)',
    data: connectorRun(),
    required: [...CONNECTOR_RUN_REQUIRED],
  },
  'connector.sync.failed': {
    summary: 'A connector’s sync failed: the counts so far and why',
    data: { ...connectorRun(), error: str('Why, in words') },
    required: [...CONNECTOR_RUN_REQUIRED, 'error'],
  },
  'webhook.test': {
    summary: 'Sent by `POST /api/webhooks/{id}/test` only',
    data: {
      webhookId: str('The endpoint', { maxLength: 64, examples: ['whk_01jd8x7k3m9q2w5e6r7t8y9u0p'] }),
      eventId: str('The event', { maxLength: 64, examples: ['evt_01jd8x7k3m9q2w5e6r7t8y9u0p'] }),
    },
    required: ['webhookId', 'eventId'],
  },
};

const pascal = (type: string) => type.replace(/(^|\.)([a-z])/g, (_, _d, c: string) => c.toUpperCase());

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', maxLength: 2000 },
  example,
});

const SIGNATURE_HEADERS = [
  header(
    'webhook-id',
    'The delivery id, the same on every attempt: deduplicate on it',
    'dlv_01jd8x7k3m9q2w5e6r7t8y9u0p',
  ),
  header('webhook-timestamp', 'Seconds since the epoch, at this attempt', '1764064800'),
  header(
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>` with the secret after `whsec_` (base64-decoded); see docs/api.md for TypeScript and Python',
    'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  ),
];

/** Adds `webhooks` and the event components to `doc`. */
export function addWebhooks(doc: Json): void {
  const schemas = (doc.components as Json).schemas as Record<string, Json>;
  const webhooks: Json = {};
  for (const [type, event] of Object.entries(EVENTS)) {
    const name = `WebhookEvent${pascal(type)}`;
    schemas[`${name}Data`] = {
      type: 'object',
      additionalProperties: false,
      required: event.required,
      properties: event.data,
    };
    schemas[name] = {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'timestamp', 'data'],
      description: event.summary,
      properties: {
        type: { type: 'string', enum: [type] },
        timestamp: {
          type: 'string',
          format: 'date-time',
          maxLength: 40,
          description: 'When the event happened',
        },
        data: { $ref: `#/components/schemas/${name}Data` },
      },
    };
    webhooks[type] = {
      post: {
        operationId: `on${pascal(type)}`,
        summary: event.summary,
        description: `Cog-RAG POSTs this to every active endpoint subscribed to \`${type}\`, signed (Standard Webhooks). Answer 2xx; anything else is retried (docs/webhooks.md), 410 disables the endpoint.`,
        tags: ['webhook-events'],
        // Not an operation a client calls: generators that make API methods from webhooks skip it
        // (openapi-generator 7.26's typescript-fetch writes a WebhookEventsApi that does not compile).
        'x-internal': true,
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: {
          '200': { description: 'Received (any 2xx)' },
          '410': { description: 'Gone: disable this endpoint' },
        },
      },
    };
  }
  doc.webhooks = webhooks;
}
