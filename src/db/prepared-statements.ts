import { createHash } from 'node:crypto';

/**
 * The comment that opts a statement into PostgreSQL's prepared statements: SQL whose text starts
 * with it runs as a named statement (node-postgres `{ name, text, values }`), parsed once per
 * connection instead of on every call, and planned by PostgreSQL's plan cache
 * (https://www.postgresql.org/docs/15/sql-prepare.html, "plan_cache_mode"). Only for hot
 * statements whose text is fixed (arrays instead of `in (…)` lists), and only where a generic plan
 * was measured to be as good as a custom one on a large corpus (docs/benchmarks.md, request path
 * round 13): for the BM25 statement at 568 chunks, 1.8 → 0.8 ms of PostgreSQL CPU per query.
 * PGlite runs the text as it is (the comment is a comment).
 */
export const PREPARE = '/* prepare */';

/** Statement names kept per process; past this, marked statements run unnamed (a leak guard). */
const MAX_STATEMENTS = 64;
const names = new Map<string, string>();

/**
 * The statement name for `text` when it starts with `PREPARE`: `cograg_` and 24 hex digits of its
 * SHA-1, so two different texts never share a name (node-postgres refuses a name reused with
 * another text). null for any other text, or once `MAX_STATEMENTS` names exist.
 */
export function preparedStatementName(text: string): string | null {
  if (!text.startsWith(PREPARE)) return null;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_STATEMENTS) return null;
    name = `cograg_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL's answers when a named statement meets a server connection that did not parse it,
 * or one that already holds the name: a transaction-mode pooler without prepared-statement
 * support (PgBouncer before 1.21, or `max_prepared_statements = 0`) hands each transaction to
 * any server connection. 26000 invalid_sql_statement_name, 42P05 duplicate_prepared_statement.
 */
const POOLER_CODES = new Set(['26000', '42P05']);
let enabled = true;

/** Whether marked statements are still sent named (false after a pooler refused one, or `setPreparedStatements(false)`). */
export const preparedStatementsEnabled = () => enabled;

/** Turns named statements on or off for the process (tests). */
export function setPreparedStatements(on: boolean): void {
  enabled = on;
}

/**
 * Runs node-postgres `client.query(...args)` (`run`), a text marked `PREPARE` as a named
 * statement. When the server answers that the name is unknown or taken (a transaction pooler,
 * `POOLER_CODES`), named statements are turned off for the process and the query runs again
 * unnamed, once: a search behind PgBouncer 1.18 loses one round trip, not its answer. Anything
 * else (config objects, cursors, unmarked text, callbacks) goes to `run` as given.
 */
export function queryPreparingMarked(run: (...args: unknown[]) => unknown, args: unknown[]): unknown {
  const [text, values, ...rest] = args;
  if (
    !enabled ||
    rest.length > 0 ||
    typeof text !== 'string' ||
    (values !== undefined && !Array.isArray(values))
  )
    return run(...args);
  const name = preparedStatementName(text);
  if (!name) return run(...args);
  return (run({ name, text, values }) as Promise<unknown>).catch((err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !POOLER_CODES.has(code)) throw err;
    if (enabled)
      process.emitWarning(
        `PostgreSQL answered ${code} to a named statement: a transaction pooler without prepared-statement support; statements now run unnamed (docs/deployment.md)`,
        { code: 'COGRAG_PREPARED_STATEMENTS_OFF' },
      );
    enabled = false;
    return run(...args);
  });
}
