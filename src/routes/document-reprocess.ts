import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { DocumentResponse } from '../../schemas/documents.ts';
import { principalOf } from '../../plugins/auth.ts';
import { reprocessDocument } from '../documents/documents.service.ts';
import { accessScopeOf } from '../access/scope.ts';

/** Re-running ingestion on a finished document (the console's "Reprocess" button). */
const documentReprocessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/documents/:id/reprocess',
    {
      config: { permission: 'documents:write' },
      schema: {
        operationId: 'reprocessDocument',
        description:
          'Queues a VECTORIZED or ERROR document for processing again: it answers 202 with status UPLOADED, then goes PROCESSING → VECTORIZED (or ERROR) like an upload. Its current chunks stay searchable until the new ones replace them. 409 while it is still UPLOADED or PROCESSING.',
        tags: ['documents'],
        summary: 'Process a document again (parse, chunk, embed)',
        params: IdParams,
        security: [{ bearerAuth: [] }],
        response: { 202: DocumentResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const doc = await reprocessDocument(app.ctx, accessScopeOf(principalOf(request)), request.params.id);
      return reply.code(202).send({ success: true as const, data: doc });
    },
  );
};

export default documentReprocessRoutes;
