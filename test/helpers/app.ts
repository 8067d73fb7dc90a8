import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config/index.ts';
import { createContext, ingestDepsOf, type AppContext, type ContextOverrides } from '../../src/context.ts';
import { buildApp } from '../../src/app.ts';
import { loadTransformersEmbedder } from '../../src/embeddings/transformers.embedder.ts';
import type { Embedder } from '../../src/embeddings/embedder.ts';
import { startIngestionWorker } from '../../src/ingestion/worker.ts';
import { createCompanyWithAdmin } from '../../src/auth/auth.service.ts';
import { deliveryDepsOf, startWebhookDispatcher } from '../../src/webhooks/dispatcher.ts';
import { migratedPgliteSnapshot } from './pglite-template.ts';

/** The PostgreSQL the relational tests run against (trust auth on this machine and in CI). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MODELS_DIR = resolve(process.env.MODELS_DIR ?? './models');
export const DATASETS = resolve(process.env.DATASETS_DIR ?? '../shared/datasets');

let embedderPromise: Promise<Embedder> | null = null;
/** The real embedding model from MODELS_DIR, loaded once per test process. */
export function sharedEmbedder(): Promise<Embedder> {
  // Both sessions loaded up front (the embedder creates its document session at first use), as in
  // a server that has served: a test's memory figures then measure what the test does, not the load.
  embedderPromise ??= loadTransformersEmbedder(MODELS_DIR, 'Xenova/all-MiniLM-L6-v2').then(
    async (embedder) => {
      await embedder.embedDocuments(['warm-up']);
      return embedder;
    },
  );
  return embedderPromise;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  dataDir: string;
}

/**
 * Builds the real app on an in-memory PGlite (default) or on the test PostgreSQL in a fresh
 * schema, with a temp DATA_DIR and the real embedding model; closed at the end of the test.
 */
export async function buildTestApp(
  t: Teardown,
  options: {
    postgres?: boolean;
    worker?: boolean;
    /** Run the webhook dispatcher (the worker role's delivery loop). */
    webhooks?: boolean;
    env?: Record<string, string>;
    overrides?: ContextOverrides;
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cograg-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    MODELS_DIR,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-' + randomBytes(16).toString('hex'),
    ...(options.postgres ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...options.env,
  });
  const suffix = randomBytes(6).toString('hex');
  const ctx = await createContext(config, {
    embedder: await sharedEmbedder(),
    ...(options.dataDir || options.postgres
      ? {}
      : { pgliteDataDir: 'memory://', pgliteLoadDataDir: await migratedPgliteSnapshot() }),
    ...(options.postgres ? { dbSchema: `t_${suffix}`, queueSchema: `pgboss_${suffix}` } : {}),
    ...options.overrides,
  });
  const app = await buildApp(ctx, { logger: false });
  const worker = options.worker
    ? await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), { concurrency: 1, log: app.log })
    : null;
  const dispatcher = options.webhooks
    ? startWebhookDispatcher(deliveryDepsOf(ctx), { pollMs: config.webhookPollMs, log: app.log })
    : null;
  t.teardown(async () => {
    await worker?.stop(0);
    await dispatcher?.stop();
    await app.close();
    await ctx.close();
    if (options.postgres) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(
        `drop schema if exists "t_${suffix}" cascade; drop schema if exists "pgboss_${suffix}" cascade`,
      );
      await client.end();
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, ctx, config, dataDir };
}

/** Creates a company with an admin and returns a bearer header for it. */
export async function signUp(
  app: FastifyInstance,
  email = `admin-${randomBytes(4).toString('hex')}@example.com`,
) {
  const password = 'correct horse battery staple';
  const user = await createCompanyWithAdmin(app.ctx.db, {
    companyName: `Co ${email}`,
    email,
    password,
    name: 'Admin',
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body = res.json();
  return {
    user,
    email,
    password,
    token: body.data.accessToken as string,
    headers: { authorization: `Bearer ${body.data.accessToken}` },
  };
}
