import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import { errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import {
  SimpleListQuery,
  TopicBody,
  TopicList,
  TopicResponse,
  TopicUpdateBody,
} from '../../schemas/resources.ts';
import { principalOf } from '../../plugins/auth.ts';
import { sendCachedList } from '../../plugins/list-cache.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { DB } from '../db/schema.ts';

const SORT = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** Topics of a company with their document counts, as the API shows them. */
function topicsQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('topics')
    .where('topics.company_id', '=', companyId)
    .select([
      'topics.id',
      'topics.name',
      'topics.description',
      'topics.created_at',
      'topics.updated_at',
      sql<number>`(select count(*)::int from documents d where d.topic_id = topics.id)`.as('document_count'),
    ]);
}

/**
 * @throws 409 CONFLICT when another topic of the company has this name (case-insensitive), so
 *   two topics can never be told apart only by id.
 */
async function assertNameFree(db: Kysely<DB>, companyId: string, name: string, exceptId?: string) {
  let q = db
    .selectFrom('topics')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('A topic with this name already exists');
}

type TopicRow = {
  id: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
  document_count: number;
};
const topicView = (r: TopicRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  documentCount: Number(r.document_count),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** One page of a company's topics (shared with the public widget route). */
export async function listTopics(
  db: Kysely<DB>,
  companyId: string,
  q: { page: number; limit: number; sort: keyof typeof SORT; order: 'asc' | 'desc' },
) {
  const [rows, count] = await Promise.all([
    topicsQuery(db, companyId)
      .orderBy(`topics.${SORT[q.sort]}`, q.order)
      .orderBy('topics.id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    db
      .selectFrom('topics')
      .where('company_id', '=', companyId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(topicView), pagination: pagination(q.page, q.limit, Number(count.n)) };
}

/** @throws 404 when the topic is not the company's. */
async function topicById(db: Kysely<DB>, companyId: string, id: string) {
  const row = await topicsQuery(db, companyId).where('topics.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Topic');
  return topicView(row);
}

const topicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['topics'], security: [{ bearerAuth: [] }] };

  app.get(
    '/topics',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'listTopics',
        description: 'The company’s topics with their document counts, paginated.',
        ...common,
        summary: 'List topics',
        querystring: SimpleListQuery,
        response: { 200: TopicList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendCachedList(app, request, reply, 'topics', async () => ({
        success: true as const,
        data: await listTopics(app.ctx.db, principalOf(request).companyId, request.query),
      })),
  );

  app.post(
    '/topics',
    {
      config: { permission: 'documents:write' },
      schema: {
        operationId: 'createTopic',
        description: 'Creates a topic; names are unique within the company (409 otherwise).',
        ...common,
        summary: 'Create a topic',
        body: TopicBody,
        response: { 201: TopicResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const companyId = principalOf(request).companyId;
      await assertNameFree(app.ctx.db, companyId, request.body.name);
      const id = newId('top');
      await app.ctx.db
        .insertInto('topics')
        .values({
          id,
          company_id: companyId,
          name: request.body.name.trim(),
          description: request.body.description ?? null,
        })
        .execute();
      return reply
        .code(201)
        .send({ success: true as const, data: await topicById(app.ctx.db, companyId, id) });
    },
  );

  app.put(
    '/topics/:id',
    {
      config: { permission: 'documents:write' },
      schema: {
        operationId: 'updateTopic',
        description: 'Renames a topic or changes its description; a name already used is 409.',
        ...common,
        summary: 'Rename or describe a topic',
        params: IdParams,
        body: TopicUpdateBody,
        response: { 200: TopicResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      if (request.body.name !== undefined) {
        await assertNameFree(app.ctx.db, companyId, request.body.name, request.params.id);
      }
      const result = await app.ctx.db
        .updateTable('topics')
        .set({
          ...(request.body.name !== undefined ? { name: request.body.name.trim() } : {}),
          ...(request.body.description !== undefined ? { description: request.body.description } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', request.params.id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('Topic');
      return { success: true as const, data: await topicById(app.ctx.db, companyId, request.params.id) };
    },
  );

  app.delete(
    '/topics/:id',
    {
      config: { permission: 'documents:write' },
      schema: {
        operationId: 'deleteTopic',
        description: 'Deletes the topic and returns it as it was; its documents stay, without a topic.',
        ...common,
        summary: 'Delete a topic; its documents stay, without a topic',
        params: IdParams,
        response: { 200: TopicResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      const topic = await topicById(app.ctx.db, companyId, request.params.id);
      await app.ctx.db
        .deleteFrom('topics')
        .where('id', '=', request.params.id)
        .where('company_id', '=', companyId)
        .execute();
      return { success: true as const, data: { ...topic, documentCount: 0 } };
    },
  );
};

export default topicRoutes;
