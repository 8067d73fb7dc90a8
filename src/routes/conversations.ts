import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { errorResponses, pagination } from '../../schemas/common.ts';
import {
  ConversationBody,
  ConversationDetailResponse,
  ConversationList,
  ConversationUpdateBody,
  ConversationResponse,
  SimpleListQuery,
} from '../../schemas/resources.ts';
import { userOf } from '../../plugins/auth.ts';
import { newId } from '../lib/ids.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { findConversation, UNTITLED } from '../chat/conversations.repository.ts';
import { accessScopeOf } from '../access/scope.ts';
import { notFound } from '../lib/errors.ts';
import { DeleteResponse, IdParams } from '../../schemas/common.ts';

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
        operationId: 'listConversations',
        description: 'The signed-in user’s conversations, newest first by default.',
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
        operationId: 'createConversation',
        description:
          'Creates an empty conversation (optionally titled); chat routes also create one when `conversationId` is absent.',
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
            title: request.body?.title ?? UNTITLED,
          })
          .returning(['id', 'title', 'created_at', 'updated_at'])
          .executeTakeFirstOrThrow();
        await recordEvent(trx, user.companyId, 'conversation.created', { conversationId: id });
        return created;
      });
      return reply.code(201).send({ success: true as const, data: view({ ...row, message_count: 0 }) });
    },
  );

  app.get(
    '/conversations/:id',
    {
      config: { permission: 'chat' },
      schema: {
        operationId: 'getConversation',
        description:
          'One of the caller’s conversations with its messages, oldest first, each answer with its sources and citations.',
        ...common,
        summary: 'One of your conversations with its messages, oldest first',
        params: IdParams,
        response: { 200: ConversationDetailResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const found = await findConversation(app.ctx.db, accessScopeOf(user), user.userId, request.params.id);
      if (!found) throw notFound('Conversation');
      return { success: true as const, data: found };
    },
  );

  app.put(
    '/conversations/:id',
    {
      config: { permission: 'chat' },
      schema: {
        operationId: 'updateConversation',
        description: 'Renames one of the caller’s conversations.',
        ...common,
        summary: 'Rename one of your conversations',
        params: IdParams,
        body: ConversationUpdateBody,
        response: { 200: ConversationResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const res = await app.ctx.db
        .updateTable('conversations')
        .set({ title: request.body.title.trim(), updated_at: new Date() })
        .where('id', '=', request.params.id)
        .where('company_id', '=', user.companyId)
        .where('user_id', '=', user.userId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw notFound('Conversation');
      const { messages: _messages, ...found } = (await findConversation(
        app.ctx.db,
        accessScopeOf(user),
        user.userId,
        request.params.id,
      ))!;
      return { success: true as const, data: found };
    },
  );

  app.delete(
    '/conversations/:id',
    {
      config: { permission: 'chat' },
      schema: {
        operationId: 'deleteConversation',
        description: 'Deletes one of the caller’s conversations and its messages.',
        ...common,
        summary: 'Delete one of your conversations and its messages',
        params: IdParams,
        response: {
          200: DeleteResponse,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const res = await app.ctx.db
        .deleteFrom('conversations')
        .where('id', '=', request.params.id)
        .where('company_id', '=', user.companyId)
        .where('user_id', '=', user.userId)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('Conversation');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default conversationRoutes;
