import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { startConnectorWorker } from '../../src/connectors/jobs.ts';
import { syncDepsOf } from '../../src/connectors/deps.ts';
import type { AppContext } from '../../src/context.ts';

interface T {
  teardown(fn: () => unknown): void;
}

/** The real app with the ingestion worker and the connector worker, and a company admin. */
export async function connectorApp(
  t: T,
  env: Record<string, string> = {},
  options: { postgres?: boolean; webhooks?: boolean; concurrency?: number } = {},
) {
  const built = await buildTestApp(t, {
    worker: true,
    env: { CONNECTOR_POLL_SECONDS: '1', CONNECTOR_LEASE_SECONDS: '5', ...env },
    ...(options.postgres ? { postgres: true } : {}),
    ...(options.webhooks ? { webhooks: true } : {}),
  });
  const worker = await startConnectorWorker(built.ctx.boss, syncDepsOf(built.ctx, built.app.log), {
    pollSeconds: 1,
    concurrency: options.concurrency ?? 1,
    log: built.app.log,
  });
  t.teardown(() => worker.stop());
  const admin = await signUp(built.app);
  return { ...built, admin };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST …/sync, then waits for the run to end and for every connector document to be ingested. */
export async function syncAndWait(
  app: FastifyInstance,
  headers: Record<string, string>,
  connectorId: string,
) {
  const started = await app.inject({ method: 'POST', url: `/api/connectors/${connectorId}/sync`, headers });
  if (started.statusCode !== 202) throw new Error(`sync: ${started.statusCode} ${started.body}`);
  const runId = started.json().data.id as string;
  for (;;) {
    const runs = await app.inject({
      method: 'GET',
      url: `/api/connectors/${connectorId}/runs?limit=100`,
      headers,
    });
    const run = runs.json().data.items.find((r: { id: string }) => r.id === runId);
    if (run && (run.status === 'completed' || run.status === 'failed')) {
      await ingested(app.ctx, connectorId);
      return run as Record<string, number | string | boolean | unknown[]>;
    }
    await sleep(200);
  }
}

/** Waits until no document of the connector is waiting for or in ingestion. */
export async function ingested(ctx: AppContext, connectorId: string) {
  for (;;) {
    const row = await ctx.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connector_id', '=', connectorId)
      .where('status', 'in', ['UPLOADED', 'PROCESSING'])
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await sleep(200);
  }
}

export interface DocSnapshot {
  id: string;
  name: string;
  status: string;
  sourceUrl: string;
  text: string;
  chunkIds: string[];
}

/** The connector's documents (top-level, not attachments) by source URL, with their chunks. */
export async function snapshot(ctx: AppContext, connectorId: string): Promise<Map<string, DocSnapshot>> {
  const docs = await ctx.db
    .selectFrom('documents')
    .select(['id', 'name', 'status', 'metadata'])
    .where('connector_id', '=', connectorId)
    .execute();
  const out = new Map<string, DocSnapshot>();
  for (const d of docs) {
    const chunks = await ctx.db
      .selectFrom('chunks')
      .select(['id', 'text'])
      .where('document_id', '=', d.id)
      .orderBy('chunk_index')
      .execute();
    const sourceUrl = String(d.metadata.sourceUrl);
    if (out.has(sourceUrl)) throw new Error(`two documents for ${sourceUrl}`);
    out.set(sourceUrl, {
      id: d.id,
      name: d.name,
      status: d.status,
      sourceUrl,
      text: chunks.map((c) => c.text).join('\n'),
      chunkIds: chunks.map((c) => c.id),
    });
  }
  return out;
}

/** Creates a connector through the API. @throws on anything but 201. */
export async function createConnector(app: FastifyInstance, headers: Record<string, string>, body: object) {
  const res = await app.inject({ method: 'POST', url: '/api/connectors', headers, payload: body });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; hasSecret: boolean } & Record<string, unknown>;
}
