import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { listKey } from '../src/lib/list-cache.ts';

/** Writes under these paths can change a cached list (documents, topics and their counts, the company). */
const WRITES = /^\/api\/(documents|topics|companies)(\/|$)/;
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
      if (!WRITES.test(route.url) || methods.every((m) => READ_METHODS.has(m))) return;
      const existing = route.onSend;
      route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), bump] : [bump];
    });
  },
  { name: 'list-cache' },
);

/**
 * Answers a list route (or a search, whose answer changes only with the company's documents)
 * from the company's list cache: the handler's `load` runs on a miss, its
 * result serialized by the route's response schema (as Fastify would) and kept as text.
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
  const companyId = request.principal!.companyId;
  const json = await app.ctx.listCache.json(companyId, listKey(route, input), async () =>
    String(reply.serialize(await load())),
  );
  return reply.type('application/json; charset=utf-8').send(json);
}
