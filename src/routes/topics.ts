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
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import { accessScopeOf, canEdit, canRead, type AccessScope } from '../access/scope.ts';
import { newId } from '../lib/ids.ts';
import type { DB } from '../db/schema.ts';

const SORT = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name' } as const;

/** The topics `scope` may read (src/access/scope.ts) with their document counts, as the API shows them. */
function topicsQuery(db: Kysely<DB>, scope: AccessScope) {
  return db
    .selectFrom('topics')
    .where('topics.company_id', '=', scope.companyId)
    .where(canRead(scope, sql.ref('topics.id')))
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

/** One page of the topics `scope` may read (shared with the public widget route: a key's topics). */
export async function listTopics(
  db: Kysely<DB>,
  scope: AccessScope,
  q: { page: number; limit: number; sort: keyof typeof SORT; order: 'asc' | 'desc' },
) {
  const [rows, count] = await Promise.all([
    topicsQuery(db, scope)
      .orderBy(`topics.${SORT[q.sort]}`, q.order)
      .orderBy('topics.id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    db
      .selectFrom('topics')
      .where('company_id', '=', scope.companyId)
      .where(canRead(scope, sql.ref('topics.id')))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(topicView), pagination: pagination(q.page, q.limit, Number(count.n)) };
}

/**
 * @throws 404 when the topic is not one `scope` may read; with `need` 'edit', 403 when `scope`
 *   may read but not edit it.
 */
async function topicById(db: Kysely<DB>, scope: AccessScope, id: string, need: 'read' | 'edit' = 'read') {
  const row = await topicsQuery(db, scope)
    .select(canEdit(scope, sql.ref('topics.id')).as('editable'))
    .where('topics.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Topic');
  if (need === 'edit' && !row.editable) throw forbidden('You may read this topic but not change it');
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
        data: await listTopics(app.ctx.db, accessScopeOf(principalOf(request)), request.query),
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
      return reply.code(201).send({
        success: true as const,
        data: await topicById(app.ctx.db, { kind: 'company', companyId }, id),
      });
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
      const scope = accessScopeOf(principalOf(request));
      const { companyId } = scope;
      await topicById(app.ctx.db, scope, request.params.id, 'edit');
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
      return { success: true as const, data: await topicById(app.ctx.db, scope, request.params.id) };
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
      const scope = accessScopeOf(principalOf(request));
      const { companyId } = scope;
      const topic = await topicById(app.ctx.db, scope, request.params.id, 'edit');
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
