import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { FeedbackBody, FeedbackParams, FeedbackResponse } from '../../schemas/resources.ts';
import { userOf } from '../../plugins/auth.ts';
import { notFound } from '../lib/errors.ts';

/** Thumbs up/down on an answer of one's own conversation (the console's chat playground). */
const messageFeedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/conversations/:id/messages/:messageId/feedback',
    {
      config: { permission: 'chat' },
      schema: {
        operationId: 'setMessageFeedback',
        description:
          'Rates an answer of one of the caller’s own conversations: `up`, `down`, or `null` to take the rating back. A question (role `user`), another user’s conversation or another company’s message is 404.',
        tags: ['chat'],
        summary: 'Rate an answer thumbs up or down (null clears the rating)',
        security: [{ bearerAuth: [] }],
        params: FeedbackParams,
        body: FeedbackBody,
        response: { 200: FeedbackResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { id, messageId } = request.params;
      const rating = request.body.rating;
      const ratedAt = rating === null ? null : new Date();
      // One statement: the message must be an answer in a conversation of this very user.
      const row = await app.ctx.db
        .updateTable('messages')
        .set({ feedback: rating, feedback_at: ratedAt })
        .where('messages.id', '=', messageId)
        .where('messages.conversation_id', '=', id)
        .where('messages.company_id', '=', user.companyId)
        .where('messages.role', '=', 'assistant')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('conversations')
              .select('conversations.id')
              .where('conversations.id', '=', id)
              .where('conversations.company_id', '=', user.companyId)
              .where('conversations.user_id', '=', user.userId),
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

export default messageFeedbackRoutes;
