import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { errorResponses, pagination } from '../../schemas/common.ts';
import {
  ConversationBody,
  ConversationList,
  ConversationResponse,
  SimpleListQuery,
} from '../../schemas/resources.ts';
import { userOf } from '../../plugins/auth.ts';
import { newId } from '../lib/ids.ts';
import { recordEvent } from '../outbox/outbox.ts';

const SORT = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'title' } as const;

type Row = { id: string; title: string; created_at: Date; updated_at: Date; message_count: number };
const view = (r: Row) => ({
  id: r.id,
  title: r.title,
  messageCount: Number(r.message_count),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** A user's own conversations: created here or by their first chat message. */
const conversationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['chat'], security: [{ bearerAuth: [] }] };

  app.get(
    '/conversations',
    {
      config: { permission: 'chat' },
      schema: {
        ...common,
        summary: "List the caller's conversations",
        querystring: SimpleListQuery,
        response: { 200: ConversationList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const q = request.query;
      const base = app.ctx.db
        .selectFrom('conversations')
        .where('company_id', '=', user.companyId)
        .where('user_id', '=', user.userId);
      const [rows, count] = await Promise.all([
        base
          .select([
            'id',
            'title',
            'created_at',
            'updated_at',
            sql<number>`(select count(*)::int from messages m where m.conversation_id = conversations.id)`.as(
              'message_count',
            ),
          ])
          .orderBy(SORT[q.sort], q.order)
          .orderBy('id', q.order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        success: true as const,
        data: { items: rows.map(view), pagination: pagination(q.page, q.limit, Number(count.n)) },
      };
    },
  );

  app.post(
    '/conversations',
    {
      config: { permission: 'chat' },
      schema: {
        ...common,
        summary:
          'Create an empty conversation; pass its id as conversationId to /chat/message or /chat/stream',
        body: ConversationBody,
        response: { 201: ConversationResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const id = newId('conv');
      const row = await app.ctx.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('conversations')
          .values({
            id,
            company_id: user.companyId,
            user_id: user.userId,
            title: request.body?.title ?? 'New conversation',
          })
          .returning(['id', 'title', 'created_at', 'updated_at'])
          .executeTakeFirstOrThrow();
        await recordEvent(trx, user.companyId, 'conversation.created', { conversationId: id });
        return created;
      });
      return reply.code(201).send({ success: true as const, data: view({ ...row, message_count: 0 }) });
    },
  );
};

export default conversationRoutes;
