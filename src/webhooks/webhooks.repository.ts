import type { Kysely, Selectable } from 'kysely';
import type { DB, WebhookDeliveriesTable, WebhooksTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { encryptSecret, newWebhookSecret } from './secrets.ts';

/** The API shape of an endpoint; `secret` only in the creation response. */
export interface WebhookView {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The API shape of a delivery: one event for one endpoint, with its latest attempt. */
export interface DeliveryView {
  id: string;
  eventId: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export const webhookView = (r: Selectable<WebhooksTable>): WebhookView => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  active: r.active,
  disabledReason: r.disabled_reason,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export const deliveryView = (r: Selectable<WebhookDeliveriesTable>): DeliveryView => ({
  id: r.id,
  eventId: r.event_id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  createdAt: r.created_at.toISOString(),
  deliveredAt: r.delivered_at ? r.delivered_at.toISOString() : null,
});

/** The subscribed events, each once, in the order given (the API takes a list, not a set). */
const eachOnce = (events: string[]) => [...new Set(events)];

/**
 * Creates an endpoint with a fresh `whsec_` secret, stored encrypted with `key`.
 * @returns the endpoint and its secret, which is never shown again.
 */
export async function createWebhook(
  db: Kysely<DB>,
  key: Buffer,
  input: { companyId: string; url: string; events: string[]; active: boolean; description?: string },
): Promise<WebhookView & { secret: string }> {
  const secret = newWebhookSecret();
  const row = await db
    .insertInto('webhooks')
    .values({
      id: newId('whk'),
      company_id: input.companyId,
      url: input.url,
      description: input.description ?? null,
      events: JSON.stringify(eachOnce(input.events)),
      active: input.active,
      secret_ciphertext: encryptSecret(key, secret),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...webhookView(row), secret };
}

export async function listWebhooks(db: Kysely<DB>, companyId: string, page: number, limit: number) {
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const { n } = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { items: rows.map(webhookView), total: Number(n) };
}

/** The endpoint row, only within the company (another company's is simply not found). */
export function findWebhook(db: Kysely<DB>, companyId: string, id: string) {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Applies the given changes; re-activating clears `disabledReason`. Undefined when not found. */
export async function updateWebhook(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  changes: { url?: string; events?: string[]; active?: boolean; description?: string | null },
): Promise<WebhookView | undefined> {
  const row = await db
    .updateTable('webhooks')
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined ? { events: JSON.stringify(eachOnce(changes.events)) } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.active !== undefined ? { active: changes.active, disabled_reason: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  return row ? webhookView(row) : undefined;
}

/** Deletes the endpoint and its delivery log; false when not found in the company. */
export async function deleteWebhook(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(db: Kysely<DB>, webhookId: string, page: number, limit: number) {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const { n } = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return { items: rows.map(deliveryView), total: Number(n) };
}
