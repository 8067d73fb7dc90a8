import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MultipartFile } from '@fastify/multipart';
import { errorResponses } from '../../schemas/common.ts';
import { EvaluationAccepted, EvaluationUploadForm } from '../../schemas/evaluations.ts';
import { principalOf } from '../../plugins/auth.ts';
import { fingerprintOf, idempotencyGate } from '../../plugins/idempotency.ts';
import { validationError } from '../lib/errors.ts';
import { LIMITS } from '../evaluations/question-set.ts';
import { startRun } from '../evaluations/evaluations.service.ts';

const admin = { permission: 'admin' as const };
const security = [{ bearerAuth: [] }];

/**
 * `POST /api/evaluations/upload`: the question set as a file (multipart/form-data: `file`,
 * optional `name`), registered in the scope that parses multipart bodies (app.ts).
 */
export const evaluationUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/evaluations/upload',
    {
      config: {
        ...admin,
        idempotent: 'handler',
        openapiBody: { mediaType: 'multipart/form-data', schema: EvaluationUploadForm },
      },
      schema: {
        operationId: 'uploadEvaluation',
        description:
          'As `createEvaluation`, with the question set sent as a file: `file` (a `.csv` name reads as CSV, any other as JSON Lines; at most 1 MB) and an optional `name` (default: the file name). See docs/evaluations.md.',
        tags: ['evaluations'],
        summary: 'Start an evaluation run from a question-set file (multipart/form-data)',
        security,
        response: { 202: EvaluationAccepted, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      let file: { filename: string; content: string } | null = null;
      let name: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await (part as MultipartFile).toBuffer().catch(() => {});
            throw validationError('Send exactly one file, in the field "file"', [
              { field: part.fieldname, reason: 'unexpected file field' },
            ]);
          }
          const bytes = await part.toBuffer();
          let content: string;
          try {
            content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          } catch {
            throw validationError('The question set is not UTF-8 text', [
              { field: 'file', reason: 'not UTF-8' },
            ]);
          }
          file = { filename: part.filename || 'questions.jsonl', content };
        } else if (part.fieldname === 'name' && typeof part.value === 'string') {
          name = part.value;
        } else {
          throw validationError(`Unknown field "${part.fieldname}"`, [
            { field: part.fieldname, reason: 'not a field of this form (file, name)' },
          ]);
        }
      }
      if (!file) throw validationError('Missing file', [{ field: 'file', reason: 'is required' }]);
      if (name !== undefined && (!name.trim() || name.length > 255))
        throw validationError('Invalid name', [{ field: 'name', reason: 'must be 1–255 characters' }]);
      const fingerprint = fingerprintOf(
        request.method,
        request.url,
        file.filename,
        file.content,
        name ?? null,
      );
      if (await idempotencyGate(request, reply, fingerprint)) return reply;
      const body = await startRun(app.ctx, principalOf(request), {
        name: name ?? file.filename.slice(0, 255),
        format: /\.csv$/i.test(file.filename) ? 'csv' : 'jsonl',
        content: file.content,
      });
      return reply.code(202).send(body);
    },
  );
};

/** Multipart limits of the upload: one file of at most LIMITS.maxBytes, a name. */
export const EVALUATION_UPLOAD_LIMITS = {
  fileSize: LIMITS.maxBytes,
  files: 1,
  fields: 2,
  fieldSize: 1024,
  parts: 4,
};
