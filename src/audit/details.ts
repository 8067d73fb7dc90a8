/**
 * Keys never stored in an event's details, whatever a caller passes: anything that names a
 * password, secret, token, credential, cookie, authorization or a key's value.
 */
const SECRET_KEY =
  /pass(word)?|secret|token|credential|cookie|authorization|private|^key$|apikey$|ciphertext/i;
/** Longest string value kept, characters; longer ones are cut and end with '…'. */
const STRING_MAX = 200;
/** Most entries kept in an array, and keys in an object. */
const ITEMS_MAX = 20;
/** Deepest nesting kept (deeper objects are dropped). */
const DEPTH_MAX = 3;

/**
 * `s` with NUL characters as U+FFFD: PostgreSQL's text and jsonb refuse U+0000, and a refused
 * request that carried one (a name 'a\u0000b', 400) must still leave its event.
 */
export const withoutNul = (s: string) => s.replaceAll('\u0000', '\uFFFD');

function safeValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string')
    return withoutNul(value.length > STRING_MAX ? value.slice(0, STRING_MAX - 1) + '…' : value);
  if (depth >= DEPTH_MAX) return undefined;
  if (Array.isArray(value))
    return value
      .slice(0, ITEMS_MAX)
      .map((v) => safeValue(v, depth + 1))
      .filter((v) => v !== undefined);
  if (typeof value === 'object') return safeObject(value as Record<string, unknown>, depth + 1);
  return undefined;
}

function safeObject(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, ITEMS_MAX)) {
    if (SECRET_KEY.test(k)) continue;
    const safe = safeValue(v, depth);
    if (safe !== undefined) out[withoutNul(k)] = safe;
  }
  return out;
}

/**
 * The details object an audit event may store: plain JSON (strings, finite numbers, booleans,
 * null, arrays and objects at most 3 deep, 20 entries each, strings cut at 200 characters), with
 * every key that could hold a secret (SECRET_KEY) dropped. Input is never trusted to be safe.
 */
export function safeDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  return details ? safeObject(details, 0) : {};
}
