import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MultipartFile } from '@fastify/multipart';
import { errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import {
  DeleteResponse,
  DocumentList,
  DocumentListQuery,
  DocumentResponse,
  DocumentUpdateBody,
  UploadForm,
} from '../../schemas/documents.ts';
import { principalOf } from '../../plugins/auth.ts';
import { fingerprintOf, idempotencyGate } from '../../plugins/idempotency.ts';
import { sendCachedList } from '../../plugins/list-cache.ts';
import { findDocument, listDocuments } from '../documents/documents.repository.ts';
import {
  assertEditable,
  assertTopic,
  deleteDocument,
  uploadDocument,
} from '../documents/documents.service.ts';
import { accessScopeOf } from '../access/scope.ts';

/** The text fields of the upload form besides `file` (see the multipart body schema). */
const UPLOAD_FIELDS = new Set(['name', 'topicId']);
import { notFound, validationError } from '../lib/errors.ts';

/**
 * `POST /api/documents/upload`, apart from the other document routes: it alone reads a
 * multipart body, so it is registered in the scope that parses one (app.ts).
 */
export const documentUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/documents/upload',
    {
      config: {
        permission: 'documents:write',
        limitGroup: 'upload',
        idempotent: 'handler',
        openapiBody: { mediaType: 'multipart/form-data', schema: UploadForm(app.ctx.config.maxUploadBytes) },
      },
      schema: {
        operationId: 'uploadDocument',
        tags: ['documents'],
        summary: 'Upload a document (multipart/form-data: file, optional name and topicId)',
        description:
          'Answers 201 at once with status UPLOADED; processing continues in the background ' +
          '(PROCESSING → VECTORIZED, or ERROR with a reason). The type is read from the bytes: PDF, DOCX, ' +
          'XLSX, ODS, CSV, PPTX, ODP, ODT, RTF, EPUB, EML, MSG, images, HTML, Markdown or plain text in any ' +
          'encoding; anything else is 415. E-mail attachments become child documents (parentId). Files over MAX_UPLOAD_MB are 413.',
        security: [{ bearerAuth: [] }],
        response: { 201: DocumentResponse, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      let file: { filename: string; bytes: Buffer } | null = null;
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await (part as MultipartFile).toBuffer().catch(() => {});
            throw validationError('Send exactly one file, in the field "file"', [
              { field: part.fieldname, reason: 'unexpected file field' },
            ]);
          }
          file = { filename: part.filename || 'upload', bytes: await part.toBuffer() };
        } else if (!UPLOAD_FIELDS.has(part.fieldname)) {
          // The body schema has additionalProperties: false; a misspelt `topicID` silently
          // dropped would file the document outside the topic the caller meant.
          throw validationError(`Unknown field "${part.fieldname}"`, [
            { field: part.fieldname, reason: 'not a field of this form (file, name, topicId)' },
          ]);
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (!file) throw validationError('Missing file', [{ field: 'file', reason: 'is required' }]);
      const name = fields.name?.trim();
      if (fields.name !== undefined && (!name || name.length > 255)) {
        throw validationError('Invalid name', [{ field: 'name', reason: 'must be 1–255 characters' }]);
      }
      const fingerprint = fingerprintOf(request.method, request.url, file.filename, file.bytes, fields);
      if (await idempotencyGate(request, reply, fingerprint)) return reply;
      const doc = await uploadDocument(app.ctx, {
        scope: accessScopeOf(principal),
        userId: principal.kind === 'user' ? principal.userId : null,
        filename: file.filename,
        bytes: file.bytes,
        name,
        topicId: fields.topicId || undefined,
        requestId: request.id,
      });
      return reply.code(201).send({ success: true as const, data: doc });
    },
  );
};

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/documents',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'listDocuments',
        description:
          'The company’s documents, paginated and sorted; filter by `status`, `topicId`, words of the name (`search`: each word must appear) or the original’s SHA-256 (`sha256`, a duplicate check). Poll a document here or with `getDocument` until `VECTORIZED`.',
        tags: ['documents'],
        summary: 'List documents (paginated; filters status, topicId, parentId, search by name)',
        querystring: DocumentListQuery,
        security: [{ bearerAuth: [] }],
        response: { 200: DocumentList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendCachedList(app, request, reply, 'documents', async () => {
        const q = request.query;
        const { items, total } = await listDocuments(app.ctx.db, accessScopeOf(principalOf(request)), {
          page: q.page,
          limit: q.limit,
          sort: q.sort,
          order: q.order,
          status: q.status,
          topicId: q.topicId,
          parentId: q.parentId,
          search: q.search,
          sha256: q.sha256,
        });
        return { success: true as const, data: { items, pagination: pagination(q.page, q.limit, total) } };
      }),
  );

  app.get(
    '/documents/:id',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'getDocument',
        description:
          'One document with its processing status (`UPLOADED`, `PROCESSING`, `VECTORIZED`, `ERROR`) and, on `ERROR`, why.',
        tags: ['documents'],
        summary: 'Document detail, including processing status and error',
        params: IdParams,
        security: [{ bearerAuth: [] }],
        response: { 200: DocumentResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const doc = await findDocument(app.ctx.db, accessScopeOf(principalOf(request)), request.params.id);
      if (!doc) throw notFound('Document');
      return { success: true as const, data: doc };
    },
  );

  app.put(
    '/documents/:id',
    {
      config: { permission: 'documents:write' },
      schema: {
        operationId: 'updateDocument',
        description:
          'Renames a document or moves it to another topic; `topicId: null` removes it from its topic. An unknown topic is 404.',
        tags: ['documents'],
        summary: 'Rename a document or move it to another topic (null removes it from its topic)',
        params: IdParams,
        body: DocumentUpdateBody,
        security: [{ bearerAuth: [] }],
        response: { 200: DocumentResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = accessScopeOf(principalOf(request));
      const { companyId } = scope;
      const { name, topicId } = request.body;
      await assertEditable(app.ctx.db, scope, request.params.id);
      if (topicId) await assertTopic(app.ctx.db, scope, topicId, 'edit');
      const result = await app.ctx.db
        .updateTable('documents')
        .set({
          ...(name !== undefined ? { name: name.trim() } : {}),
          ...(topicId !== undefined ? { topic_id: topicId } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', request.params.id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('Document');
      return {
        success: true as const,
        data: (await findDocument(app.ctx.db, { kind: 'company', companyId }, request.params.id))!,
      };
    },
  );

  app.delete(
    '/documents/:id',
    {
      config: { permission: 'documents:write' },
      schema: {
        operationId: 'deleteDocument',
        description:
          'Deletes the document, its chunks and its stored original; it no longer appears in search or chat. A document a connector mirrors (`metadata.connectorId`) answers 409 CONFLICT: it follows its source.',
        tags: ['documents'],
        summary: 'Delete a document, its chunks and its original file',
        params: IdParams,
        security: [{ bearerAuth: [] }],
        response: { 200: DeleteResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const deps = { ...app.ctx, log: request.log };
      await deleteDocument(deps, accessScopeOf(principalOf(request)), request.params.id);
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default documentRoutes;
