import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, WebhookDeliveriesTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { deliveryErrorOf, type WebhookHttp } from './outbound.ts';
import { decryptSecret, signPayload } from './secrets.ts';

/** What delivery needs; the worker and the test route build it from the context. */
export interface DeliveryDeps {
  db: Kysely<DB>;
  /** Tenants' outbound policy: each endpoint is reached with its company's client. */
  http: WebhookHttp;
  /** AES key of the stored secrets (src/webhooks/secrets.ts). */
  secretKey: Buffer;
  /** Whole attempt, ms. */
  timeoutMs: number;
  /** Wait before retry n (n = 1…), seconds; when exhausted the delivery fails for good. */
  retryDelaysSeconds: number[];
}

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Events read from the outbox per fan-out transaction. */
const FAN_OUT_BATCH = 100;

/**
 * Turns undispatched outbox events into one delivery per subscribed active endpoint, and marks
 * the events dispatched, in one transaction. `on conflict do nothing` on (webhook, event) and
 * `skip locked` make concurrent or repeated runs harmless.
 * @returns how many events were dispatched.
 */
export async function fanOutEvents(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('outbox')
      .selectAll()
      .where('dispatched_at', 'is', null)
      .orderBy('created_at')
      .limit(FAN_OUT_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!events.length) return 0;
    const companies = [...new Set(events.map((e) => e.company_id))];
    const hooks = await trx
      .selectFrom('webhooks')
      .select(['id', 'company_id', 'events'])
      .where('company_id', 'in', companies)
      .where('active', '=', true)
      .execute();
    const rows = events.flatMap((e) =>
      hooks
        .filter((h) => h.company_id === e.company_id && h.events.includes(e.event))
        .map((h) => ({
          id: newId('dlv'),
          company_id: e.company_id,
          webhook_id: h.id,
          event_id: e.id,
          event: e.event,
          body: eventBody(e.event, e.created_at, e.payload),
        })),
    );
    if (rows.length)
      await trx
        .insertInto('webhook_deliveries')
        .values(rows)
        .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
        .execute();
    await trx
      .updateTable('outbox')
      .set({ dispatched_at: new Date() })
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    return events.length;
  });
}

/** The payload shape Standard Webhooks recommends: `{ type, timestamp, data }`. */
export function eventBody(event: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type: event, timestamp: at.toISOString(), data });
}

/**
 * Claims due deliveries with a lease (`locked_until`) and counts the attempt. A worker that dies
 * mid-attempt leaves the lease to expire; another worker (or the restarted one) then retries the
 * same row, with the same `webhook-id`. The lease outlives the attempt's timeout.
 */
export async function claimDueDeliveries(
  db: Kysely<DB>,
  leaseMs: number,
  limit: number,
): Promise<DeliveryRow[]> {
  const { rows } = await sql<DeliveryRow>`
    update webhook_deliveries
    set locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = attempts + 1, updated_at = now()
    where id in (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning *`.execute(db);
  return rows;
}

/**
 * Sends one attempt with the Standard Webhooks headers (`webhook-id` = the delivery id,
 * `webhook-timestamp` in seconds, `webhook-signature`), no redirects followed, and records the
 * outcome: 2xx delivered; 410 Gone fails it and disables the endpoint; anything else is retried
 * after the next delay, and when the delays are exhausted the delivery fails and the endpoint is
 * disabled. With `retry: false` (the test route) a failure is final at once.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  delivery: DeliveryRow,
  options: { retry: boolean } = { retry: true },
): Promise<DeliveryRow> {
  const hook = await deps.db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', delivery.webhook_id)
    .executeTakeFirst();
  if (!hook || !hook.active)
    return finish(deps.db, delivery, { status: 'failed', error: 'endpoint disabled' });
  let secret: string;
  try {
    secret = decryptSecret(deps.secretKey, hook.secret_ciphertext);
  } catch {
    return retryOrFail(deps, delivery, options.retry, {
      error: 'the stored secret cannot be decrypted (WEBHOOK_SECRET_KEY or JWT_SECRET changed?)',
    });
  }
  const timestamp = Math.floor(Date.now() / 1000);
  let status: number;
  try {
    const res = await deps.http.forCompany(hook.company_id).request(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Cog-RAG-Webhooks/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signPayload(secret, delivery.id, timestamp, delivery.body),
      },
      body: delivery.body,
      timeoutMs: deps.timeoutMs,
      maxResponseBytes: 64 * 1024,
    });
    status = res.status;
  } catch (err) {
    return retryOrFail(deps, delivery, options.retry, { error: deliveryErrorOf(err) });
  }
  if (status >= 200 && status < 300) return finish(deps.db, delivery, { status: 'delivered', code: status });
  if (status === 410) {
    await disableWebhook(deps.db, hook.id, 'the endpoint answered 410 Gone');
    return finish(deps.db, delivery, { status: 'failed', code: status, error: 'HTTP 410 Gone' });
  }
  return retryOrFail(deps, delivery, options.retry, { code: status, error: `HTTP ${status}` });
}

async function retryOrFail(
  deps: DeliveryDeps,
  delivery: DeliveryRow,
  retry: boolean,
  outcome: { code?: number; error: string },
): Promise<DeliveryRow> {
  const delay = retry ? deps.retryDelaysSeconds[delivery.attempts - 1] : undefined;
  if (delay === undefined) {
    if (retry) await disableWebhook(deps.db, delivery.webhook_id, `${delivery.attempts} attempts failed`);
    return finish(deps.db, delivery, { status: 'failed', ...outcome });
  }
  return finish(deps.db, delivery, {
    status: 'pending',
    nextAttemptAt: new Date(Date.now() + delay * 1000),
    ...outcome,
  });
}

async function finish(
  db: Kysely<DB>,
  delivery: DeliveryRow,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    code?: number;
    error?: string;
    nextAttemptAt?: Date;
  },
): Promise<DeliveryRow> {
  const now = new Date();
  return db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      locked_until: null,
      last_status_code: outcome.code ?? null,
      last_error: outcome.error ?? null,
      updated_at: now,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(outcome.status === 'delivered' ? { delivered_at: now } : {}),
    })
    .where('id', '=', delivery.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function disableWebhook(db: Kysely<DB>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ active: false, disabled_reason: reason, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
