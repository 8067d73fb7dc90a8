import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteResponse, errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import {
  CreateEvaluationBody,
  EvaluationAccepted,
  EvaluationDetail,
  EvaluationList,
  EvaluationListQuery,
} from '../../schemas/evaluations.ts';
import { principalOf } from '../../plugins/auth.ts';
import { notFound } from '../lib/errors.ts';
import { startRun } from '../evaluations/evaluations.service.ts';
import {
  deleteEvaluation,
  evaluationResults,
  evaluationView,
  findEvaluation,
  listEvaluations,
} from '../evaluations/evaluations.repository.ts';

const admin = { permission: 'admin' as const };
const security = [{ bearerAuth: [] }];
/** A 1 MB question set as a JSON string, with room for escapes (`\n`, `\"`, `\uXXXX`). */
const BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/** Evaluation runs of the company's own retrieval and answerer (docs/evaluations.md). Admin only. */
const evaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/evaluations',
    {
      config: admin,
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        operationId: 'createEvaluation',
        description:
          'Validates the question set (JSON Lines or CSV, at most 1,000 questions and 1 MB; a bad line is named in `details`) and queues a run that asks every question through the company’s own retrieval and answerer, exactly as `POST /api/chat/message` would. One queued-or-running run per company: another gives 409. Poll `GET /api/evaluations/{id}`. See docs/evaluations.md.',
        tags: ['evaluations'],
        summary: 'Start an evaluation run from a question set',
        security,
        body: CreateEvaluationBody,
        response: { 202: EvaluationAccepted, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await startRun(app.ctx, principalOf(request), request.body)),
  );

  app.get(
    '/evaluations',
    {
      config: admin,
      schema: {
        operationId: 'listEvaluations',
        description:
          'The company’s evaluation runs with their totals, newest first; no per-question results.',
        tags: ['evaluations'],
        summary: "The company's evaluation runs",
        security,
        querystring: EvaluationListQuery,
        response: { 200: EvaluationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit, order } = request.query;
      const { items, total } = await listEvaluations(
        app.ctx.db,
        principalOf(request).companyId,
        page,
        limit,
        order,
      );
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );

  app.get(
    '/evaluations/:id',
    {
      config: admin,
      schema: {
        operationId: 'getEvaluation',
        description:
          'One run: status, settings snapshot, totals (once COMPLETED) and the per-question results stored so far, in question-set order.',
        tags: ['evaluations'],
        summary: 'One run with its per-question results',
        security,
        params: IdParams,
        response: { 200: EvaluationDetail, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findEvaluation(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!row) throw notFound('Evaluation');
      const results = await evaluationResults(app.ctx.db, row.id);
      return { success: true as const, data: { ...evaluationView(row, results.length), results } };
    },
  );

  app.delete(
    '/evaluations/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteEvaluation',
        description: 'Deletes the run and its results; a running run stops before its next question.',
        tags: ['evaluations'],
        summary: 'Delete a run (stops it if running)',
        security,
        params: IdParams,
        response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const deleted = await deleteEvaluation(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!deleted) throw notFound('Evaluation');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default evaluationRoutes;
