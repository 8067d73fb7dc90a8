import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import {
  InsightsConversationParams,
  InsightsConversationResponse,
  InsightsCsvQuery,
  InsightsQuery,
  InsightsResponse,
} from '../../schemas/insights.ts';
import { principalOf } from '../../plugins/auth.ts';
import { companyInsights } from '../chat/insights.repository.ts';
import { conversationTranscript } from '../chat/insights-questions.ts';
import { daysCsv, questionsCsv } from '../chat/insights-csv.ts';
import { contentDisposition } from '../lib/content-disposition.ts';

const Csv = {
  description:
    "CSV (RFC 4180, UTF-8 with a byte-order mark, header row, every cell quoted; cells starting with = + - @ prefixed with `'`)",
  content: { 'text/csv': { schema: { type: 'string', maxLength: 100_000_000 } } },
};

/**
 * The company's chat activity for the admin console's insights screen (issue 40): admins only,
 * and every query is bounded to the caller's company, so another company's data never matches.
 */
const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['insights'], security: [{ bearerAuth: [] }] };
  const config = { permission: 'admin' as const };

  app.get(
    '/insights',
    {
      config,
      schema: {
        operationId: 'getInsights',
        description:
          'Over the last `days` UTC days: per day the questions (split by channel: console or widget), refusals (an answer citing no source) and thumbs up/down; the latest unanswered and thumbs-down questions with their conversation; the most-cited documents; totals.',
        summary:
          'Questions per day by channel, unanswered and thumbs-down questions, most-cited documents (admin)',
        ...common,
        querystring: InsightsQuery,
        response: { 200: InsightsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await companyInsights(app.ctx.db, principalOf(request).companyId, request.query.days),
    }),
  );

  app.get(
    '/insights.csv',
    {
      config,
      schema: {
        operationId: 'exportInsightsCsv',
        description:
          'The insights as CSV for a spreadsheet: `table=days` one row per UTC day of the window, `table=questions` the unanswered and thumbs-down questions (the same 50 + 50 as `GET /api/insights`). Downloaded as an attachment.',
        summary: 'Export the insights as CSV (admin)',
        ...common,
        querystring: InsightsCsvQuery,
        response: { 200: Csv, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { days, table } = request.query;
      const data = await companyInsights(app.ctx.db, principalOf(request).companyId, days);
      const body = table === 'days' ? daysCsv(data.questionsPerDay) : questionsCsv(data);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `insights-${table}-${days}d-${day}.csv`),
        )
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/insights/conversations/:id',
    {
      config,
      schema: {
        operationId: 'getInsightsConversation',
        description:
          'One conversation of the company, read-only, whoever asked it (a user in the console or a widget visitor): what an admin opens from an unanswered or thumbs-down question. Another company’s conversation is 404.',
        summary: 'Read a conversation from the insights (admin)',
        ...common,
        params: InsightsConversationParams,
        response: { 200: InsightsConversationResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await conversationTranscript(app.ctx.db, principalOf(request).companyId, request.params.id),
    }),
  );
};

export default insightsRoutes;
