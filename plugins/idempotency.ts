import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onResponseAsyncHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { AppError, validationError } from '../src/lib/errors.ts';
import { claimKey, completeKey, releaseKey, type KeyScope } from '../src/idempotency/store.ts';

/**
 * `Idempotency-Key` on creating requests (IETF draft-ietf-httpapi-idempotency-key-header-07;
 * docs/api.md "Safe retries"). A request with a key the caller used before, in the last 24 h:
 * - same request (method, path, body): the stored response again, status and body, with
 *   `Idempotent-Replayed: true`; nothing is created twice;
 * - a different request: 422 `VALIDATION_ERROR`, details `[{field: "Idempotency-Key"}]` (§2.7);
 * - the first one still being processed: 409 `CONFLICT` with `Retry-After: 1` (§2.7).
 * Keys are scoped by company and principal (user or API key). 5xx, 409 and 429 answers are not
 * stored: the key is released and a retry runs the request anew.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Takes `Idempotency-Key`. Default: POSTs answering 201 or 202 (creations). `true`: the JSON
     * body is fingerprinted before the handler; `'handler'`: the handler reads the body (multipart)
     * and calls `idempotencyGate` itself.
     */
    idempotent?: boolean | 'handler';
    /**
     * Rewrites a stored answer (its JSON body) before a replay sends it: for the parts of an answer
     * that are only valid for a while or for a caller's current rights (a signed link), which a
     * replay must not hand out as they were a day ago.
     */
    onReplay?: (request: FastifyRequest, body: string) => string;
  }
  interface FastifyRequest {
    /** The key this request carries and whether it claimed it; null: none. */
    idempotency: { scope: KeyScope; claimed: boolean; settled: boolean } | null;
  }
}

/** Longest key accepted, characters (the draft sets no limit; UUIDs are 36). */
export const MAX_KEY_LENGTH = 255;
/**
 * The header's value, exactly as the OpenAPI document states it (plugins/openapi/transform.ts): a
 * key of 1–255 printable ASCII characters other than `"`, bare (`abc`) or as the draft's sf-string
 * (`"abc"`, the same key). No pattern can tell a quote that is part of a key from the sf-string's,
 * so a key never holds one; nor spaces, which a header value's edges lose.
 */
export const KEY_HEADER_PATTERN = `^(?:[\\x21\\x23-\\x7e]{1,${MAX_KEY_LENGTH}}|"[\\x21\\x23-\\x7e]{1,${MAX_KEY_LENGTH}}")$`;
const KEY_HEADER = new RegExp(KEY_HEADER_PATTERN);

/** Whether a route takes `Idempotency-Key` (its method, auth, config and response schema decide). */
export function takesIdempotencyKey(
  method: string | string[],
  config: { idempotent?: boolean | 'handler'; auth?: string } | undefined,
  schema: FastifySchema | undefined,
): boolean {
  // Keys belong to a caller: anonymous routes (sign-up, sign-in) have none to scope them by.
  if (![method].flat().includes('POST') || config?.auth === 'none') return false;
  if (config?.idempotent !== undefined) return config.idempotent !== false;
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  return '201' in response || '202' in response;
}

/** The key from the header: an sf-string (`"abc"`, draft §2.1) or, leniently, the bare text. */
function keyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const raw = [header].flat().join(', ').trim();
  if (!KEY_HEADER.test(raw)) {
    throw validationError('Invalid Idempotency-Key', [
      {
        field: 'Idempotency-Key',
        reason: `must be 1–${MAX_KEY_LENGTH} printable ASCII characters other than '"', bare or in double quotes`,
      },
    ]);
  }
  return raw.startsWith('"') ? raw.slice(1, -1) : raw;
}

/** SHA-256 hex of whatever identifies a request; object keys are sorted so their order does not matter. */
export function fingerprintOf(...parts: unknown[]): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(canonical)
        : v;
  const hash = createHash('sha256');
  for (const part of parts)
    hash.update(Buffer.isBuffer(part) ? part : JSON.stringify(canonical(part) ?? null)).update('\0');
  return hash.digest('hex');
}

/**
 * Claims the request's key for `fingerprint`. Answers the request itself when the key was used
 * before (replay) and returns true; returns false when the request should go ahead (no key, or
 * this request claimed it). @throws 422 VALIDATION_ERROR for a different request with the key,
 * 409 CONFLICT while the first one is being processed.
 */
export async function idempotencyGate(
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: string,
): Promise<boolean> {
  const state = request.idempotency;
  if (!state || state.claimed) return false;
  const claim = await claimKey(request.server.ctx.db, state.scope, fingerprint);
  if (claim.kind === 'claimed') {
    state.claimed = true;
    return false;
  }
  if (claim.kind === 'mismatch') {
    throw new AppError(422, 'VALIDATION_ERROR', 'This Idempotency-Key was used with a different request', {
      details: [{ field: 'Idempotency-Key', reason: 'already used with another method, path or body' }],
    });
  }
  if (claim.kind === 'in-progress') {
    throw new AppError(409, 'CONFLICT', 'A request with this Idempotency-Key is still being processed', {
      headers: { 'retry-after': 1 },
    });
  }
  const onReplay = request.routeOptions.config.onReplay;
  await reply
    .code(claim.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(onReplay ? onReplay(request, claim.body) : claim.body);
  return true;
}

/** Statuses whose answer is not stored: a retry may get another (draft §2.6 leaves it to the server). */
const retryable = (status: number) => status >= 500 || status === 409 || status === 429;

/**
 * `hook` first among a route's own hooks of one kind (a function, an array of them, or none): where
 * it ran as this scope's hook, before the route's own (the audit's, the list cache's).
 */
function withHookFirst<T>(existing: T | T[] | undefined, hook: T): T[] {
  return existing === undefined ? [hook] : [hook, ...(Array.isArray(existing) ? existing : [existing])];
}

/**
 * Installs the key's three hooks (claim before the handler, store the answer on send, release
 * the key when no answer went out) on the routes that take a key only: a hook on every route
 * cost each GET three promises and a schema lookup (docs/benchmarks.md, request path round 11).
 */
async function idempotencyPlugin(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  const claim: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.method !== 'POST') return;
    const key = keyOf(request.headers['idempotency-key']);
    const p = request.principal;
    if (key === undefined || !p) return;
    const principal = p.kind === 'user' ? `user:${p.userId}` : `apiKey:${p.apiKeyId}`;
    request.idempotency = {
      scope: { companyId: p.companyId, principal, key },
      claimed: false,
      settled: false,
    };
    if (request.routeOptions.config.idempotent === 'handler') return;
    if (await idempotencyGate(request, reply, fingerprintOf(request.method, request.url, request.body))) {
      return reply;
    }
  };
  const store: onSendHookHandler = async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state?.claimed || state.settled) return payload;
    state.settled = true;
    if (typeof payload === 'string' && !retryable(reply.statusCode)) {
      await completeKey(app.ctx.db, state.scope, reply.statusCode, payload);
    } else {
      await releaseKey(app.ctx.db, state.scope);
    }
    return payload;
  };
  // No answer sent (the client went away first): give the key up so a retry can run.
  const release: onResponseAsyncHookHandler = async (request) => {
    const state = request.idempotency;
    if (!state?.claimed || state.settled) return;
    state.settled = true;
    await releaseKey(app.ctx.db, state.scope);
  };
  app.addHook('onRoute', (route) => {
    if (!takesIdempotencyKey(route.method, route.config, route.schema)) return;
    route.preHandler = withHookFirst(route.preHandler, claim);
    route.onSend = withHookFirst(route.onSend, store);
    route.onResponse = withHookFirst(route.onResponse, release);
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });
