import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

/** Webhook event kinds (spec "Events"). */
export const OUTBOX_EVENTS = [
  'document.uploaded',
  'document.vectorized',
  'document.error',
  'conversation.created',
  'connector.sync.completed',
  'connector.sync.failed',
] as const;
export type OutboxEvent = (typeof OUTBOX_EVENTS)[number];

/**
 * Writes an event to the outbox inside the caller's transaction, so the event exists exactly
 * when the change that caused it commits (transactional outbox pattern). Delivery is separate.
 */
export async function recordEvent(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
  event: OutboxEvent,
  payload: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ id: newId('evt'), company_id: companyId, event, payload: JSON.stringify(payload) })
    .execute();
}
