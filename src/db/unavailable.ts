/**
 * Tells a database that is not there (down, restarting, failing over, frozen, out of connections)
 * from every other database error, so the API answers it as 503 `SERVICE_UNAVAILABLE` with
 * `Retry-After` (plugins/errors.ts) and the worker retries the job without spending an attempt
 * (src/ingestion/worker.ts).
 */

/**
 * SQLSTATEs meaning "the server or this connection is going away or cannot serve now"
 * (PostgreSQL, Appendix A): class 08 connection exceptions, 53300 too_many_connections,
 * 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 57P05 idle_session_timeout, 57014 query_canceled (statement_timeout), 25P03
 * idle_in_transaction_session_timeout.
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '57P05', '57014', '25P03']);

/** Socket-level failures Node reports while connecting or talking to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's and pg-pool's own messages for a lost, timed-out or refused connection. */
const CLIENT_MESSAGES =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Connection terminated due to connection timeout)|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/;

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * True when `err` (or its `cause`) says the database cannot be reached or cannot serve now, rather
 * than that a query was wrong. Walks at most 5 causes.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
