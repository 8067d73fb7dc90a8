import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import { ChunkListQuery, DocumentChunkList } from '../../schemas/chunks.ts';
import { principalOf } from '../../plugins/auth.ts';
import { findDocument } from '../documents/documents.repository.ts';
import { notFound } from '../lib/errors.ts';
import { accessScopeOf, canRead } from '../access/scope.ts';

/** `GET /api/documents/:id/chunks`: what a citation can point at, in document order. */
const documentChunkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/documents/:id/chunks',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'listDocumentChunks',
        tags: ['documents'],
        summary: "A document's chunks with their locations (page, sheet and rows, slide), paginated",
        description:
          'In document order. Citations (`chunkId` in `citationMap` and `sources`) point at these. ' +
          'Empty until the document is VECTORIZED. Another company’s document is 404.',
        params: IdParams,
        querystring: ChunkListQuery,
        security: [{ bearerAuth: [] }],
        response: { 200: DocumentChunkList, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const access = accessScopeOf(principalOf(request));
      const { companyId } = access;
      const { page, limit } = request.query;
      const doc = await findDocument(app.ctx.db, access, request.params.id);
      if (!doc) throw notFound('Document');
      // Ingestion writes chunks while the document is PROCESSING: only a finished set is shown.
      if (doc.status !== 'VECTORIZED')
        return { success: true as const, data: { items: [], pagination: pagination(page, limit, 0) } };
      const scope = app.ctx.db
        .selectFrom('chunks')
        .where('document_id', '=', request.params.id)
        .where('company_id', '=', companyId)
        // The text is read under the reader's access too, not only the document row above.
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('documents')
              .select('documents.id')
              .whereRef('documents.id', '=', 'chunks.document_id')
              .where(canRead(access, sql.ref('documents.topic_id'))),
          ),
        );
      const [rows, total] = await Promise.all([
        scope
          .select([
            'id',
            'chunk_index',
            'text',
            'token_count',
            'page_start',
            'page_end',
            'sheet',
            'row_start',
            'row_end',
            'slide',
            'heading_path',
          ])
          .orderBy('chunk_index')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        scope.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        success: true as const,
        data: {
          items: rows.map((r) => ({
            id: r.id,
            index: r.chunk_index,
            text: r.text,
            tokenCount: r.token_count,
            pageStart: r.page_start,
            pageEnd: r.page_end,
            sheet: r.sheet,
            rowStart: r.row_start,
            rowEnd: r.row_end,
            slide: r.slide,
            headingPath: r.heading_path,
          })),
          pagination: pagination(page, limit, total.n),
        },
      };
    },
  );
};

export default documentChunkRoutes;
