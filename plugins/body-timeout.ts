import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';

/** Whether the request announces a body (a length above 0, or chunked). */
function expectsBody(raw: IncomingMessage): boolean {
  const length = Number(raw.headers['content-length'] ?? 0);
  return length > 0 || raw.headers['transfer-encoding'] !== undefined;
}

/**
 * Cuts request bodies that stall: once a request's body has sent nothing for `idleMs`
 * (REQUEST_BODY_IDLE_SECONDS), the client gets 408 `REQUEST_TIMEOUT` in the error envelope and the
 * connection is closed — a slow-loris upload no longer holds a socket, a parser and a rate-limit
 * slot for Node's 300 s request timeout (the audit: not cut within 95 s). A body that keeps
 * arriving, however slowly, is never cut here (MAX_UPLOAD_MB bounds its size).
 *
 * Progress is read from the socket's byte count every second or so, not from the body stream, so
 * the parsers' reading is left untouched. Requests without a socket (fastify.inject) are skipped.
 */
export function bodyTimeout(idleMs: number, apiVersion: string) {
  return fp(async (app: FastifyInstance) => {
    if (idleMs <= 0) return;
    const tickMs = Math.min(1000, Math.max(50, Math.floor(idleMs / 4)));
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const { raw } = request;
      const socket = raw.socket as IncomingMessage['socket'] | undefined;
      if (!socket || typeof socket.bytesRead !== 'number' || raw.complete || !expectsBody(raw)) return done();
      let seen = socket.bytesRead;
      let quietSince = Date.now();
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed || reply.raw.writableEnded) return clearInterval(timer);
        if (socket.bytesRead !== seen) {
          seen = socket.bytesRead;
          quietSince = Date.now();
          return;
        }
        if (Date.now() - quietSince < idleMs) return;
        clearInterval(timer);
        request.log.warn({ idleMs, bytesRead: seen }, 'request body stalled: 408, connection closed');
        if (reply.raw.headersSent) return void socket.destroy();
        // Written on the raw response: the handler is still waiting on the body it will never get.
        reply.hijack();
        const body = JSON.stringify({
          success: false,
          error: {
            code: 'REQUEST_TIMEOUT',
            message: `The request body sent nothing for ${idleMs / 1000} s: the connection is closed`,
          },
        });
        reply.raw.writeHead(408, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
          'x-api-version': apiVersion,
          'x-request-id': String(request.id),
        });
        reply.raw.end(body, () => socket.destroy());
      }, tickMs);
      timer.unref();
      done();
    });
  });
}
