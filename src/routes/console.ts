import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where `npm run build:console` writes the admin console (console/vite.config.ts). */
export const CONSOLE_DIST = resolve(import.meta.dirname, '../../console/dist');

/**
 * The console's Content-Security-Policy: only its own files and the API on the same origin. No
 * inline script or style, no frames of blob: (PDF pages are drawn by pdf.js on a canvas, its
 * worker a file of the console's own: the browser's PDF viewer would run the PDF's scripts).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'none'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found.add(relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  }
  return found;
}

/**
 * The admin console at `/app`: the built files of console/dist, and index.html for every other
 * path under /app (the single-page app routes itself). The file list is read once at start, so a
 * request can only ever name a built file. Hashed assets are cached for a year, index.html never.
 * Without a build, /app answers 503 with how to build it.
 */
const consoleRoutes: FastifyPluginAsync<{ dist?: string }> = async (app, options) => {
  const dist = options.dist ?? CONSOLE_DIST;
  const built = existsSync(join(dist, 'index.html'));
  const files = built ? filesUnder(dist) : new Set<string>();
  // Encapsulated (no fastify-plugin): reply.sendFile stays local to these routes, so another
  // registration of @fastify/static elsewhere in the app does not collide with it.
  if (built) await app.register(fastifyStatic, { root: dist, serve: false });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', CONSOLE_CSP);
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

  const serve = (path: string, reply: FastifyReply) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The admin console is not built on this server. Run `npm run build:console` (it writes console/dist), then restart.\n',
        );
    }
    if (files.has(path) && path !== 'index.html') {
      const immutable = path.startsWith('assets/');
      return reply.sendFile(path, { maxAge: immutable ? '365d' : 0, immutable });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };

  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
  app.get<{ Params: { '*': string } }>('/app/*', { schema: { hide: true } }, (request, reply) =>
    serve(request.params['*'], reply),
  );
};

export default consoleRoutes;
