import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** @fastify/helmet's options for the API; no CSP (JSON answers; the pages that need one set it). */
const HELMET_OPTIONS = { contentSecurityPolicy: false } as const;

/**
 * The headers @fastify/helmet sets with `HELMET_OPTIONS`, read once from a throwaway instance.
 * Without CSP nonces they are the same on every response, and the plugin builds helmet's twelve
 * middlewares anew on each request (an async hook too): a measurable share of a small answer.
 */
export async function helmetHeaders(): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const ours = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.entries(res.headers)
    .filter(([name]) => !ours.has(name))
    .map(([name, value]) => [name, String(value)]);
}

/**
 * Helmet's security headers on every response, set on the raw response when the request arrives
 * as @fastify/helmet does, so a route can still replace one (the widget script's
 * `cross-origin-resource-policy`).
 */
async function securityHeaders(app: FastifyInstance) {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
