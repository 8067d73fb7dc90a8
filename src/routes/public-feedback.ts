import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { FeedbackResponse, PublicFeedbackBody, PublicFeedbackParams } from '../../schemas/resources.ts';
import { principalOf } from '../../plugins/auth.ts';
import { notFound } from '../lib/errors.ts';
import { isSessionOf, sessionKeyOf } from '../chat/widget-sessions.ts';

/**
 * Thumbs up/down from the website widget (docs/widget.md "Feedback"): the same `messages.feedback`
 * the console's playground writes, so the insights count both.
 */
const publicFeedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/public/messages/:messageId/feedback',
    {
      config: { auth: 'apiKey' },
      schema: {
        operationId: 'setPublicMessageFeedback',
        description:
          'Rates an answer of the visitor’s widget conversation: `up`, `down`, or `null` to take the rating back. The answer must belong to the conversation of `sessionId` (a server-made session of this key): a question, another session’s, another key’s or another company’s message is 404.',
        tags: ['public'],
        summary: 'Widget: rate an answer thumbs up or down (null clears the rating)',
        security: [{ apiKey: [] }],
        params: PublicFeedbackParams,
        body: PublicFeedbackBody,
        response: { 200: FeedbackResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { sessionId, rating } = request.body;
      // A session this server did not make for this key has no conversation to rate in.
      if (
        principal.kind !== 'apiKey' ||
        !isSessionOf(sessionKeyOf(app.ctx.jwtSecret), principal.apiKeyId, sessionId)
      )
        throw notFound('Message');
      const messageId = request.params.messageId;
      // One statement: an answer in the conversation of this very session, key and company.
      const row = await app.ctx.db
        .updateTable('messages')
        .set({ feedback: rating, feedback_at: rating === null ? null : new Date() })
        .where('messages.id', '=', messageId)
        .where('messages.company_id', '=', principal.companyId)
        .where('messages.role', '=', 'assistant')
        .where(({ exists, selectFrom, ref }) =>
          exists(
            selectFrom('conversations')
              .select('conversations.id')
              .whereRef('conversations.id', '=', ref('messages.conversation_id'))
              .where('conversations.company_id', '=', principal.companyId)
              .where('conversations.api_key_id', '=', principal.apiKeyId)
              .where('conversations.session_id', '=', sessionId),
          ),
        )
        .returning(['id', 'feedback', 'feedback_at'])
        .executeTakeFirst();
      if (!row) throw notFound('Message');
      return {
        success: true as const,
        data: {
          messageId: row.id,
          rating: row.feedback,
          ratedAt: row.feedback_at ? row.feedback_at.toISOString() : null,
        },
      };
    },
  );
};

export default publicFeedbackRoutes;
