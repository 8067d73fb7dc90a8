import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** @fastify/helmet's options for pages (HTML, scripts); no CSP here: the pages that need one set it. */
export const PAGE_HELMET_OPTIONS = { contentSecurityPolicy: false } as const;

/**
 * @fastify/helmet's options for JSON answers under /api: the headers OWASP's REST Security Cheat
 * Sheet lists for APIs ("Security Headers": `Strict-Transport-Security`, `X-Content-Type-Options:
 * nosniff`, `X-Frame-Options`), plus `Cross-Origin-Resource-Policy` (another site's no-cors request
 * cannot read an answer). Helmet's other defaults act on documents only (DNS prefetching of a
 * page's links, IE8's download prompt, Flash's cross-domain policy, the removed XSS auditor, the
 * origin-keyed agent cluster, a document's opener and its links' referrer): a JSON answer has
 * none of those, and every byte of a header goes out with every answer.
 */
export const API_HELMET_OPTIONS = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * The headers @fastify/helmet sets with `options` (default: the pages' set), read once from a
 * throwaway instance. Without CSP nonces they are the same on every response, and the plugin
 * builds helmet's middlewares anew on each request (an async hook too): a measurable share of a
 * small answer.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions = PAGE_HELMET_OPTIONS,
): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const ours = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.entries(res.headers)
    .filter(([name]) => !ours.has(name))
    .map(([name, value]) => [name, String(value)]);
}

/** Options: headers every response carries besides helmet's (the API version). */
export interface StaticHeadersOptions {
  extra?: Record<string, string>;
}

/**
 * Helmet's security headers, and `extra`, on every response: the API set on /api answers, the
 * pages' set elsewhere (console, widget, the OpenAPI pages under /api/docs). Set on the reply
 * when the request arrives, so a route can still replace one (the widget script's
 * `cross-origin-resource-policy`). One synchronous hook for all of them.
 *
 * Through `reply.header`, not `reply.raw.setHeader` as @fastify/helmet does: once a header is set
 * on the raw response, Node's `writeHead` takes its slow path and sets every other header of the
 * answer one by one too (lib/_http_server.js); a reply's headers alone go out in one pass.
 */
async function securityHeaders(app: FastifyInstance, options: StaticHeadersOptions) {
  const extra = Object.entries(options.extra ?? {});
  const api = [...(await helmetHeaders(API_HELMET_OPTIONS)), ...extra];
  const pages = [...(await helmetHeaders(PAGE_HELMET_OPTIONS)), ...extra];
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    const headers = url.startsWith('/api/') && !url.startsWith('/api/docs') ? api : pages;
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
