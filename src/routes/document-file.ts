import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
 * and allows it to load nothing, and everything but a PDF is a download.
 */
export const FILE_CSP = "sandbox; default-src 'none'";

/** The original file of a document (the console's "Open page N" and "Download original"). */
const documentFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/documents/:id/file',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'downloadDocumentFile',
        description:
          'The bytes of the uploaded original (an e-mail attachment: the attachment), with its detected `Content-Type`. ' +
          'PDFs come `inline` (open one at a page with `#page=N`), everything else as an `attachment`; the file name is in ' +
          '`Content-Disposition` (`filename*` in UTF-8). Served with `X-Content-Type-Options: nosniff` and ' +
          "`Content-Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file never runs on the API's origin. " +
          'Another company’s document is 404.',
        tags: ['documents'],
        summary: 'Download the original file of a document',
        params: IdParams,
        security: [{ bearerAuth: [] }],
        response: { 200: DocumentFileResponse(app.ctx.config.maxUploadBytes), ...errorResponses(401, 404) },
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
      const file = await app.ctx.files.openRead(doc.storage_key);
      if (!file) {
        request.log.warn({ documentId: request.params.id }, 'document row without its stored original');
        throw notFound('Document file');
      }
      const original = (doc.metadata as Record<string, unknown> | null)?.originalFilename;
      const filename = typeof original === 'string' && original.trim() ? original : doc.name;
      const pdf = doc.mime_type === 'application/pdf';
      return reply
        .header('content-type', doc.mime_type || 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(pdf ? 'inline' : 'attachment', filename))
        .header('content-security-policy', FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

export default documentFileRoutes;
