import type { FastifyBaseLogger } from 'fastify';
import { attemptDelivery, claimDueDeliveries, fanOutEvents, type DeliveryDeps } from './delivery.ts';

/** Deliveries attempted at once per poll by one worker process. */
const CLAIM_BATCH = 10;

/**
 * The worker role's webhook loop: every `pollMs`, fan new outbox events out to endpoints, then
 * attempt the due deliveries. At-least-once: a delivery is marked done only after a 2xx, so a
 * crash between sending and recording sends it again, with the same `webhook-id` (receivers
 * deduplicate on it, as Standard Webhooks asks).
 * @returns `stop()`, which waits for the attempts in flight.
 */
export function startWebhookDispatcher(
  deps: DeliveryDeps,
  options: { pollMs: number; log: FastifyBaseLogger },
): { stop(): Promise<void> } {
  // The lease outlives an attempt (its timeout) with room for recording the outcome.
  const leaseMs = deps.timeoutMs * 2 + 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      while ((await fanOutEvents(deps.db)) > 0 && !stopped);
      for (;;) {
        if (stopped) return;
        const due = await claimDueDeliveries(deps.db, leaseMs, CLAIM_BATCH);
        if (!due.length) return;
        const results = await Promise.all(due.map((d) => attemptDelivery(deps, d)));
        for (const r of results)
          options.log.info(
            { deliveryId: r.id, event: r.event, status: r.status, code: r.last_status_code },
            'webhook attempt',
          );
      }
    } catch (err) {
      options.log.warn({ err }, 'webhook dispatch failed; retrying on the next poll');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, options.pollMs);
  };
  running = tick().finally(schedule);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** Delivery dependencies from the context's parts (kept here so the worker and tests agree). */
export function deliveryDepsOf(ctx: {
  db: DeliveryDeps['db'];
  webhookHttp: DeliveryDeps['http'];
  webhookKey: Buffer;
  config: { webhookTimeoutMs: number; webhookRetryDelaysSeconds: number[] };
}): DeliveryDeps {
  return {
    db: ctx.db,
    http: ctx.webhookHttp,
    secretKey: ctx.webhookKey,
    timeoutMs: ctx.config.webhookTimeoutMs,
    retryDelaysSeconds: ctx.config.webhookRetryDelaysSeconds,
  };
}
