import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { openSource } from './registry.ts';
import type { SyncDeps } from './sync.ts';

/** A sync's dependencies from the context (worker, benchmarks, tests agree on them). */
export function syncDepsOf(ctx: AppContext, log: FastifyBaseLogger): SyncDeps {
  const maxItemBytes = ctx.config.maxUploadBytes;
  return {
    db: ctx.db,
    files: ctx.files,
    boss: ctx.boss,
    quota: ctx.quota,
    vectorStore: ctx.vectorStore,
    log,
    leaseSeconds: ctx.config.connectors.leaseSeconds,
    retentionDays: ctx.config.connectors.retentionDays,
    maxItemBytes,
    openSource: (connector) =>
      openSource(connector, { config: ctx.config.connectors, secretKey: ctx.webhookKey, maxItemBytes }),
    listsChanged: (companyId) => ctx.listCache.bump(companyId),
  };
}
