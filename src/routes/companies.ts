import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import { CompanyList, CompanyResponse, CompanyUpdateBody, SimpleListQuery } from '../../schemas/resources.ts';
import { principalOf, userOf } from '../../plugins/auth.ts';
import { claimDomains } from '../auth/domain-claims.ts';
import { notFound } from '../lib/errors.ts';
import type { FastifyRequest } from 'fastify';
import { REINDEX_QUEUE } from '../ingestion/reindex.ts';
import { forgetQueryLanguage } from '../retrieval/lexical/bm25.ts';
import { companyUsage, type CompanyQuota, type CompanyUsage } from '../documents/quotas.ts';

type Row = {
  id: string;
  name: string;
  settings: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};
/** "Cog-RAG configuration" is the admins' (spec RBAC): others see the company without settings. */
const view = (r: Row, withSettings: boolean, usage: CompanyUsage, quota: CompanyQuota) => ({
  id: r.id,
  name: r.name,
  ...(withSettings ? { settings: r.settings } : {}),
  usage: { documents: usage.documents, storageBytes: usage.storageBytes },
  limits: { documents: quota.maxDocuments, storageBytes: quota.maxStorageBytes },
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const isAdmin = (request: FastifyRequest) => {
  const p = principalOf(request);
  return p.kind === 'user' && p.role === 'COMPANY_ADMIN';
};

/** A user sees and edits only their own company (ARCHITECTURE.md); another id is 404. */
const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['companies'], security: [{ bearerAuth: [] }] };
  const own = async (companyId: string, withSettings = true) => {
    const row = await app.ctx.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw notFound('Company');
    return view(row, withSettings, await companyUsage(app.ctx.db, companyId), app.ctx.quota);
  };

  app.get(
    '/companies',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'listCompanies',
        description: 'Users belong to one company: this is a one-item list of it, in the common list layout.',
        ...common,
        summary: "The caller's company, as a one-item list",
        querystring: SimpleListQuery,
        response: { 200: CompanyList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const company = await own(principalOf(request).companyId, isAdmin(request));
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
        operationId: 'getCompany',
        description:
          'The caller’s company with its usage and limits; `settings` for admins only. Another company’s id is 404.',
        ...common,
        summary: 'Company detail',
        params: IdParams,
        response: { 200: CompanyResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      if (request.params.id !== companyId) throw notFound('Company');
      return { success: true as const, data: await own(companyId, isAdmin(request)) };
    },
  );

  app.put(
    '/companies/:id',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'updateCompany',
        ...common,
        summary: 'Rename the company or change its Cog-RAG settings (admin)',
        description:
          'settings: language (en|fr, for the lexical analyzer), systemPrompt, topK, temperature, rerank, ssoDomains (e-mail domains whose Google/Microsoft users join as readers; each new one needs proof checkable offline — the admin’s own Google Workspace or Microsoft work account in the domain, or the operator’s SSO_DOMAIN_OWNERS — else 403; free-mail domains are 400; docs/auth.md). Given keys replace the stored ones.',
        params: IdParams,
        body: CompanyUpdateBody,
        response: { 200: CompanyResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      if (request.params.id !== companyId) throw notFound('Company');
      const current = await own(companyId);
      const settings = request.body.settings && { ...request.body.settings };
      if (settings?.ssoDomains)
        settings.ssoDomains = await claimDomains(
          app.ctx.db,
          app.ctx.config.domains,
          userOf(request),
          settings.ssoDomains,
        );
      await app.ctx.db
        .updateTable('companies')
        .set({
          ...(request.body.name !== undefined ? { name: request.body.name.trim() } : {}),
          ...(settings !== undefined
            ? { settings: JSON.stringify({ ...current.settings, ...settings }) }
            : {}),
          updated_at: new Date(),
        })
        .where('id', '=', companyId)
        .execute();
      // Cached sessions carry the company's name (GET /api/auth/me).
      if (request.body.name !== undefined) app.ctx.authCache.invalidate({ kind: 'company', id: companyId });
      const language = request.body.settings?.language;
      if (language && language !== (current.settings?.language ?? 'en')) {
        forgetQueryLanguage(app.ctx.db, companyId);
        // Postings were analyzed with the old language: rebuild them in the background.
        // One rebuild per company at a time (singletonKey): changing the language back and forth
        // cannot queue an unbounded number of them; the one that runs reads the latest setting.
        await app.ctx.boss.send(REINDEX_QUEUE, { companyId }, { singletonKey: companyId });
      }
      return { success: true as const, data: await own(companyId) };
    },
  );
};

export default companyRoutes;
