import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import { CompanyList, CompanyResponse, CompanyUpdateBody, SimpleListQuery } from '../../schemas/resources.ts';
import { principalOf } from '../../plugins/auth.ts';
import { notFound } from '../lib/errors.ts';
import { REINDEX_QUEUE } from '../ingestion/reindex.ts';

type Row = {
  id: string;
  name: string;
  settings: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};
const view = (r: Row) => ({
  id: r.id,
  name: r.name,
  settings: r.settings,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** A user sees and edits only their own company (ARCHITECTURE.md); another id is 404. */
const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['companies'], security: [{ bearerAuth: [] }] };
  const own = async (companyId: string) => {
    const row = await app.ctx.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw notFound('Company');
    return view(row);
  };

  app.get(
    '/companies',
    {
      config: { permission: 'documents:read' },
      schema: {
        ...common,
        summary: "The caller's company, as a one-item list",
        querystring: SimpleListQuery,
        response: { 200: CompanyList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const company = await own(principalOf(request).companyId);
      const items = request.query.page === 1 ? [company] : [];
      return {
        success: true as const,
        data: { items, pagination: pagination(request.query.page, request.query.limit, 1) },
      };
    },
  );

  app.get(
    '/companies/:id',
    {
      config: { permission: 'documents:read' },
      schema: {
        ...common,
        summary: 'Company detail',
        params: IdParams,
        response: { 200: CompanyResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      if (request.params.id !== companyId) throw notFound('Company');
      return { success: true as const, data: await own(companyId) };
    },
  );

  app.put(
    '/companies/:id',
    {
      config: { permission: 'admin' },
      schema: {
        ...common,
        summary: 'Rename the company or change its Cog-RAG settings (admin)',
        description:
          'settings: language (en|fr, for the lexical analyzer), systemPrompt, topK, temperature, rerank. Given keys replace the stored ones.',
        params: IdParams,
        body: CompanyUpdateBody,
        response: { 200: CompanyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      if (request.params.id !== companyId) throw notFound('Company');
      const current = await own(companyId);
      await app.ctx.db
        .updateTable('companies')
        .set({
          ...(request.body.name !== undefined ? { name: request.body.name.trim() } : {}),
          ...(request.body.settings !== undefined
            ? { settings: JSON.stringify({ ...current.settings, ...request.body.settings }) }
            : {}),
          updated_at: new Date(),
        })
        .where('id', '=', companyId)
        .execute();
      const language = request.body.settings?.language;
      if (language && language !== (current.settings.language ?? 'en')) {
        // Postings were analyzed with the old language: rebuild them in the background.
        await app.ctx.boss.send(REINDEX_QUEUE, { companyId });
      }
      return { success: true as const, data: await own(companyId) };
    },
  );
};

export default companyRoutes;
