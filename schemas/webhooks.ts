import { Type } from 'typebox';
import { Envelope, Id, ListQuery, Paginated, Text, Timestamp } from './common.ts';

const EVENTS = [
  'document.uploaded',
  'document.vectorized',
  'document.error',
  'conversation.created',
  'connector.sync.completed',
  'connector.sync.failed',
] as const;
const EventName = Type.Enum(EVENTS, {
  description: 'Event kind (spec "Events"; connector.sync.* from docs/connectors.md)',
});

/**
 * Not `uniqueItems`: generators map a unique array to a `Set` (openapi-generator's typescript-fetch,
 * with an `as Set<any>` cast to serialise it); the routes keep each event once instead.
 */
const EVENTS_ONCE = 'The events to deliver; a repeated event counts once';

const Url = Type.String({
  minLength: 8,
  maxLength: 2000,
  pattern: '^https?://',
  description:
    'http(s) URL, checked when set and again at every delivery under the company’s tenant policy: its host must not be, or resolve to, a private, loopback, link-local or reserved address (in any spelling, IPv4-mapped and IPv4-compatible IPv6 included) unless the operator granted this company that exact `host:port` in `WEBHOOK_PRIVATE_TARGETS`; `OUTBOUND_ALLOWLIST` (the operator’s own requests) never applies. Refused: 400 `VALIDATION_ERROR`, field `url`',
});

const webhookProperties = {
  id: Id(),
  url: Text(2000, { format: 'uri' }),
  description: Type.Union([Text(500), Type.Null()]),
  // Typed as string for the handlers (stored rows are strings); documented as the enum.
  events: Type.Array(Type.Unsafe<string>(EventName), { maxItems: 6 }),
  active: Type.Boolean(),
  disabledReason: Type.Union([Text(500), Type.Null()], {
    description: 'Why the service disabled it (410 Gone, retries exhausted); null otherwise',
  }),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
};

/** A webhook subscription (never its secret after creation). */
export const Webhook = Type.Object(webhookProperties, { $id: 'Webhook', additionalProperties: false });

export const CreateWebhookBody = Type.Object(
  {
    url: Url,
    events: Type.Array(EventName, { minItems: 1, maxItems: 6, description: EVENTS_ONCE }),
    active: Type.Optional(Type.Boolean({ default: true })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Type.Array(EventName, { minItems: 1, maxItems: 6, description: EVENTS_ONCE })),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CreatedWebhook = Envelope(
  Type.Object(
    {
      ...webhookProperties,
      secret: Text(200, { description: 'Signing secret `whsec_…`: shown in this response only' }),
    },
    { additionalProperties: false },
  ),
);

/** One event's delivery to one webhook, with its attempts so far. */
export const Delivery = Type.Object(
  {
    id: Id({ description: 'The `webhook-id` header of every attempt' }),
    eventId: Id(),
    // A delivery of `POST /api/webhooks/{id}/test` carries `webhook.test`, which no one subscribes to.
    event: Type.Unsafe<string>(
      Type.Enum([...EVENTS, 'webhook.test'], {
        description: 'Event kind (spec "Events"), or `webhook.test`',
      }),
    ),
    status: Type.Enum(['pending', 'delivered', 'failed']),
    attempts: Type.Integer({ minimum: 0, maximum: 1000 }),
    nextAttemptAt: Type.Union([Timestamp(), Type.Null()]),
    lastStatusCode: Type.Union([Type.Integer({ minimum: 100, maximum: 599 }), Type.Null()]),
    lastError: Type.Union([Text(2000), Type.Null()]),
    createdAt: Timestamp(),
    deliveredAt: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'Delivery', additionalProperties: false },
);

export const WebhookList = Paginated(Type.Ref('Webhook'));
export const DeliveryList = Paginated(Type.Ref('Delivery'));
export const PageQuery = Type.Object(
  { page: ListQuery.page, limit: ListQuery.limit },
  { additionalProperties: false },
);
