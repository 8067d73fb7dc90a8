import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serviceUnavailable, notFound } from '../lib/errors.ts';
import { widgetLoader, type WidgetBundle } from '../widget/widget-file.ts';
import { demoPage } from '../widget/demo-page.ts';

/**
 * A script needs no capability from its own response: nothing may load from it, frame it or
 * run in it. The demo page allows its own scripts and API calls only.
 */
const SCRIPT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
const DEMO_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; style-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): any listed tag, `W/` ignored, or `*`. */
function weakMatch(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

const NOT_BUILT = 'The widget is not built: run `npm run build:widget`';

function sendScript(reply: FastifyReply, bundle: WidgetBundle, cacheControl: string, ifNoneMatch?: string) {
  // Weak: the same script goes out Brotli, gzip or plain (plugins/compression.ts), and
  // If-None-Match compares weakly anyway (RFC 9110 §13.1.2), so `"v"` sent back still matches.
  const etag = `W/"${bundle.version}"`;
  void reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('content-security-policy', SCRIPT_CSP)
    // Customers' pages load it from their own origin (helmet's default is same-origin).
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*');
  if (ifNoneMatch !== undefined && weakMatch(ifNoneMatch, etag)) return reply.code(304).send();
  return reply.send(bundle.bytes);
}

/**
 * The website widget (docs/widget.md): `/widget.js` (cached a day, revalidated by ETag), the same
 * bytes at `/widget/widget.<version>.js` (cached a year, immutable: the URL to pin with an
 * integrity hash), and `/widget/demo`. Outside /api and the OpenAPI document: no auth, no envelope
 * except for errors. A missing bundle is a 503 saying how to build it.
 */
const widgetRoutes: FastifyPluginAsync = async (app) => {
  const load = widgetLoader();
  const bundleOr503 = async () => {
    const bundle = await load();
    if (!bundle) throw serviceUnavailable(NOT_BUILT);
    return bundle;
  };
  const hide = { schema: { hide: true } };

  app.get('/widget.js', { ...hide, config: { auth: 'none' } }, async (request, reply) =>
    sendScript(reply, await bundleOr503(), 'public, max-age=86400', request.headers['if-none-match']),
  );

  app.get<{ Params: { file: string } }>(
    '/widget/:file',
    { ...hide, config: { auth: 'none' } },
    async (request, reply) => {
      const bundle = await bundleOr503();
      if (request.params.file !== `widget.${bundle.version}.js`) throw notFound('Widget version');
      return sendScript(
        reply,
        bundle,
        'public, max-age=31536000, immutable',
        request.headers['if-none-match'],
      );
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/widget/demo',
    { ...hide, config: { auth: 'none' } },
    async (request, reply) => {
      const bundle = await bundleOr503();
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', DEMO_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(demoPage(bundle, request.query));
    },
  );
};

export default widgetRoutes;
