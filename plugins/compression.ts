import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Content types compressed besides those mime-db marks compressible: every `text/*` except
 * `text/event-stream` (a stream must reach the client event by event, and a compressor buffers),
 * JSON and XML (`+json`, `+xml` included). Not `application/octet-stream`, which
 * @fastify/compress's own default would compress: downloads of originals keep their
 * `Content-Length`, and most binary formats are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u;

/** Bodies smaller than this go as they are, bytes (a header's worth of saving is not worth a CPU pass). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers compressed per request. Measured on the console's 123 kB bundle
 * (docs/benchmarks.md): 4 (@fastify/compress's default) gives 40.3 kB in 5 ms, larger than gzip's
 * 39.6 kB; 5 gives 37.7 kB in 8 ms; 9 gives 37.1 kB in 80 ms and 11 34.6 kB in 510 ms.
 */
const BROTLI_QUALITY = 5;

/**
 * Response compression (@fastify/compress) for the whole app: Brotli or gzip as the request's
 * `Accept-Encoding` prefers (Brotli when both rank equal), `Vary: Accept-Encoding`, for JSON
 * answers, the console's files and the widget from 1 kB up. Never compressed: SSE streams
 * (`text/event-stream`; the chat streams also write past Fastify's send, `reply.hijack()`),
 * partial content (206, `Content-Range`), routes with `compress: false` (the originals'
 * download, whose `Content-Length` and bytes must stay as stored), and requests with
 * `x-no-compression`. Request bodies are not decompressed (`Content-Encoding` on a request stays
 * unsupported): a small compressed body could expand past every limit the parsers count.
 * Registered before @fastify/static (the console), as the plugin requires.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
