import { ConfigError, int, str, type Env } from './env.ts';

/**
 * How the service runs as infrastructure: dependency timeouts, the Redis circuit breaker, the
 * shutdown drain, the worker's probe port and the metrics endpoint (README "Configuration").
 */
export interface OpsConfig {
  /** PostgreSQL limits, ms (src/db/index.ts `DatabaseTimeouts`; 0 = none). */
  database: { connectMs: number; statementMs: number; queryMs: number };
  /** Redis command timeout and breaker cool-down, ms (src/lib/redis-fallback.ts). */
  redis: { commandTimeoutMs: number; cooldownMs: number };
  /**
   * Key prefix and pub/sub channel namespace of everything this install keeps in Redis
   * (REDIS_PREFIX): installs, or test suites, sharing one Redis do not see each other.
   */
  redisPrefix: string;
  /** After SIGTERM: readiness 503 and requests still served for this long, ms; then close. */
  drainMs: number;
  /**
   * After the drain: longest the closing steps (webhook dispatcher, connector syncs, embedding
   * thread, HTTP server, database and queue) may take together before the process exits anyway, ms
   * (SHUTDOWN_CLOSE_MS).
   */
  closeMs: number;
  /**
   * A request body that sends nothing for this long is answered 408 and its connection closed, ms
   * (REQUEST_BODY_IDLE_SECONDS; 0 = never; plugins/body-timeout.ts).
   */
  bodyIdleMs: number;
  /** ROLE=worker's HTTP port for /health, /ready and /metrics. */
  workerPort: number;
  /** Bearer token /metrics requires; null = /metrics answers 404. */
  metricsToken: string | null;
}

/** Parses the OpsConfig variables. @throws ConfigError naming a malformed variable. */
export function opsConfig(env: Env): OpsConfig {
  const redisPrefix = str(env, 'REDIS_PREFIX', 'cograg:');
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisPrefix))
    throw new ConfigError(`REDIS_PREFIX must be 1–64 letters, digits or : _ . -, got "${redisPrefix}"`);
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken && metricsToken.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  return {
    database: {
      connectMs: int(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 0),
      statementMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0),
      queryMs: int(env, 'DATABASE_QUERY_TIMEOUT_MS', 35_000, 0),
    },
    redis: {
      commandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', 500, 1),
      cooldownMs: int(env, 'REDIS_BREAKER_COOLDOWN_MS', 5000, 1),
    },
    redisPrefix,
    drainMs: int(env, 'SHUTDOWN_DRAIN_SECONDS', 10, 0) * 1000,
    closeMs: int(env, 'SHUTDOWN_CLOSE_MS', 3000, 100),
    bodyIdleMs: int(env, 'REQUEST_BODY_IDLE_SECONDS', 30, 0) * 1000,
    workerPort: int(env, 'WORKER_PORT', 3001, 0),
    metricsToken,
  };
}
