import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { listKey } from '../src/lib/list-cache.ts';
import { accessScopeOf, type AccessScope } from '../src/access/scope.ts';

/** The cache key's field for the reader's scope; no query field starts with '~'. */
const SCOPE_FIELD = '~scope';

/** Readers with the same key here are answered the same. */
function scopeKey(scope: AccessScope): string {
  if (scope.kind === 'company') return 'company';
  if (scope.kind === 'member') return `member:${scope.userId}`;
  return `key:${scope.apiKeyId}${scope.visitorTopics ? `:${[...scope.visitorTopics].sort().join(',')}` : ''}`;
}

/** Writes under these paths can change a cached list (documents, topics and their counts, the company, groups and grants). */
const WRITES = /^\/api\/(documents|topics|companies|groups)(\/|$)/;
/**
 * Changes of who may read what elsewhere: a key's topics, a user's role. Creating or deleting a
 * key or user needs no bump: a new one has no cached answers, a deleted one cannot ask.
 */
const SCOPE_WRITES = /^\/api\/(api-keys|users)\/:id$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bumps the caller's company's list generation after every write to documents, topics or the
 * company, before the answer leaves (onSend runs once the handler, and its commit, are done), so
 * the caller's next list request already misses the cache. A refused write bumps too: harmless,
 * and no route can be forgotten.
 */
export default fp(
  async function listCachePlugin(app: FastifyInstance) {
    // Installed on the write routes only (an onSend hook on every route runs on every answer).
    const bump: onSendHookHandler = (request, _reply, payload, done) => {
      if (request.principal) app.ctx.listCache.bump(request.principal.companyId);
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      const scopeWrite = SCOPE_WRITES.test(route.url) && methods.includes('PUT');
      if (!scopeWrite && (!WRITES.test(route.url) || methods.every((m) => READ_METHODS.has(m)))) return;
      const existing = route.onSend;
      route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), bump] : [bump];
    });
  },
  { name: 'list-cache' },
);

/**
 * Answers a list route (or a search, whose answer changes only with the company's documents)
 * from the company's list cache: the handler's `load` runs on a miss, its
 * result serialized by the route's response schema (as Fastify would) and kept as UTF-8 bytes.
 * @param route the cache key's route part (one per route: lists of different routes differ)
 * @param input what the answer depends on besides the company: the validated query by default
 */
export async function sendCachedList(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  load: () => Promise<unknown>,
  input: object = request.query as object,
): Promise<FastifyReply> {
  const principal = request.principal!;
  // Each reader's answer is their own: what they may read is part of the key (src/access/).
  const keyed = { ...input, [SCOPE_FIELD]: scopeKey(accessScopeOf(principal)) };
  const body = await app.ctx.listCache.body(principal.companyId, listKey(route, keyed), async () =>
    Buffer.from(String(reply.serialize(await load()))),
  );
  return reply.type('application/json; charset=utf-8').send(body);
}
