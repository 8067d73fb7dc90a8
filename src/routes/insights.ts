import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { InsightsQuery, InsightsResponse } from '../../schemas/insights.ts';
import { principalOf } from '../../plugins/auth.ts';
import { companyInsights } from '../chat/insights.repository.ts';

/** The company's chat activity for the admin console's insights screen. */
const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/insights',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'getInsights',
        description:
          'Over the last `days` UTC days: questions and refusals per day (an answer citing no source is a refusal), the latest unanswered questions, the most-cited documents and the thumbs up/down totals. Widget conversations count too.',
        tags: ['insights'],
        summary: 'Questions per day, unanswered questions and most-cited documents (admin)',
        security: [{ bearerAuth: [] }],
        querystring: InsightsQuery,
        response: { 200: InsightsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await companyInsights(app.ctx.db, principalOf(request).companyId, request.query.days),
    }),
  );
};

export default insightsRoutes;
