import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { DocumentFileResponse } from '../../schemas/documents.ts';
import { principalOf } from '../../plugins/auth.ts';
import { notFound } from '../lib/errors.ts';
import { accessScopeOf, canRead } from '../access/scope.ts';
import { contentDisposition } from '../lib/content-disposition.ts';

/**
 * What an original is served with, whatever it holds. The bytes are the uploader's: an HTML or
 * SVG file opened on our origin must not run script or reach the API with a victim's session, so
 * the type is never sniffed, the CSP sandboxes the document (a unique opaque origin, no script)
 * and allows it to load nothing, and it is a download unless shown inline is safe.
 */
export const FILE_CSP = "sandbox; default-src 'none'";

/**
 * Types a browser shows without any script engine: raster images and plain text. Not PDF: Chrome's
 * PDF viewer runs a PDF's own JavaScript (an OpenAction `app.alert`) whatever the CSP sandbox says
 * (issue 22, hole 5), so a PDF is always a download; the console draws its pages with pdf.js.
 * Not SVG or HTML: they are documents with script.
 */
export const SAFE_INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
]);

/** A document row as sendOriginal needs it. */
export interface StoredOriginal {
  name: string;
  mime_type: string;
  storage_key: string;
  metadata: unknown;
}

/**
 * Sends `doc`'s stored bytes with the headers above: its type, exact length, `Content-Disposition`
 * (`inline` only when `?disposition=inline` asks for a SAFE_INLINE_TYPES type; its uploaded name),
 * nosniff, the sandboxing CSP, `no-store`. Shared by the console's and the widget's routes.
 * @throws 404 when the row's stored file is gone (logged: it should not happen).
 */
export async function sendOriginal(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { id: string }; Querystring: { disposition?: string } }>,
  reply: FastifyReply,
  doc: StoredOriginal,
) {
  const file = await app.ctx.files.openRead(doc.storage_key);
  if (!file) {
    request.log.warn({ documentId: request.params.id }, 'document row without its stored original');
    throw notFound('Document file');
  }
  const original = (doc.metadata as Record<string, unknown> | null)?.originalFilename;
  const filename = typeof original === 'string' && original.trim() ? original : doc.name;
  const inline = request.query.disposition === 'inline' && SAFE_INLINE_TYPES.has(doc.mime_type);
  return reply
    .header('content-type', doc.mime_type || 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', filename))
    .header('content-security-policy', FILE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

export const FileQuery = Type.Object(
  {
    disposition: Type.Optional(
      Type.Enum(['attachment', 'inline'], {
        default: 'attachment',
        description:
          '`inline` asks to display the file in the browser; honoured only for raster images and plain text, every other type (PDF included) stays an `attachment`',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The original file of a document (the console's "Open page N" and "Download original"). */
const documentFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/documents/:id/file',
    {
      config: { permission: 'documents:read' },
      // The stored bytes as they are: Content-Length stays exact (plugins/compression.ts).
      compress: false,
      schema: {
        operationId: 'downloadDocumentFile',
        description:
          'The bytes of the uploaded original (an e-mail attachment: the attachment), with its detected `Content-Type`. ' +
          'Served as an `attachment` (a download), PDFs included: a browser’s PDF viewer would run the PDF’s own scripts. ' +
          '`?disposition=inline` shows raster images and plain text in the browser; render PDFs with pdf.js (scripting off), as the console does. ' +
          'The file name is in `Content-Disposition` (`filename*` in UTF-8). Served with `X-Content-Type-Options: nosniff` and ' +
          "`Content-Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file never runs on the API's origin. " +
          'Another company’s document is 404.',
        tags: ['documents'],
        summary: 'Download the original file of a document',
        params: IdParams,
        querystring: FileQuery,
        security: [{ bearerAuth: [] }],
        response: {
          200: DocumentFileResponse(app.ctx.config.maxUploadBytes),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const scope = accessScopeOf(principalOf(request));
      const doc = await app.ctx.db
        .selectFrom('documents')
        .select(['name', 'mime_type', 'storage_key', 'metadata'])
        .where('id', '=', request.params.id)
        .where('company_id', '=', scope.companyId)
        .where(canRead(scope, sql.ref('documents.topic_id')))
        .executeTakeFirst();
      if (!doc) throw notFound('Document');
      return sendOriginal(app, request, reply, doc);
    },
  );
};

export default documentFileRoutes;
