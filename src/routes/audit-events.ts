import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { errorResponses, pagination } from '../../schemas/common.ts';
import { AuditEventList, AuditExportQuery, AuditListQuery } from '../../schemas/audit.ts';
import { principalOf } from '../../plugins/auth.ts';
import { iterateAuditEvents, listAuditEvents, type AuditFilters } from '../audit/audit.query.ts';
import type { AppContext } from '../context.ts';
import { validationError } from '../lib/errors.ts';

/** The export's answer: one event per line, JSON, in chain order. */
const JsonLines = {
  description: 'One audit event per line (JSON Lines), oldest first, each with its `prevHash` and `hash`',
  content: { 'application/x-ndjson': { schema: { type: 'string', maxLength: 1_000_000_000 } } },
};

/** @throws 400 when `from` is not before `to`. */
function checkRange(f: AuditFilters) {
  if (f.from && f.to && new Date(f.from) >= new Date(f.to))
    throw validationError('`from` must be before `to`', [{ field: 'from', reason: 'not before `to`' }]);
}

/** Streams the company's matching events as JSON Lines, read 500 at a time. */
function sendExport(ctx: AppContext, reply: FastifyReply, companyId: string, f: AuditFilters) {
  async function* lines() {
    for await (const event of iterateAuditEvents(ctx.db, companyId, f)) yield JSON.stringify(event) + '\n';
  }
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('content-disposition', `attachment; filename="audit-events-${day}.jsonl"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(lines()));
}

/**
 * The audit log, read side (docs/auth.md "Audit log"): the company's events, admins only; another
 * company's events never match (the company is decided in the query).
 */
const auditEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['audit'], security: [{ bearerAuth: [] }] };
  const config = { permission: 'admin' as const };

  app.get(
    '/audit-events',
    {
      config,
      schema: {
        operationId: 'listAuditEvents',
        summary: 'The company’s audit events, newest first (filter by action, actor, target, time)',
        description:
          'Every administrative action and security event of the company (docs/auth.md "Audit log"), paginated. ' +
          '`action` matches exactly, or as a prefix when it ends in `*`; `from` (inclusive) and `to` (exclusive) bound the time. ' +
          '`format=jsonl` answers the export instead (as `GET /api/audit-events/export`).',
        ...common,
        querystring: AuditListQuery,
        response: { 200: AuditEventList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { format, page, limit, order, sort: _sort, ...filters } = request.query;
      checkRange(filters);
      const companyId = principalOf(request).companyId;
      if (format === 'jsonl') return sendExport(app.ctx, reply, companyId, filters);
      const { items, total } = await listAuditEvents(app.ctx.db, companyId, {
        ...filters,
        page,
        limit,
        order,
      });
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );

  app.get(
    '/audit-events/export',
    {
      config,
      schema: {
        operationId: 'exportAuditEvents',
        summary: 'Export the company’s audit events as JSON Lines (streamed, oldest first)',
        description:
          'The same filters as the list, without pages: every matching event, one JSON object per line, in chain order, streamed. ' +
          'With the `prevHash` and `hash` of each event, the export can be verified outside the server.',
        ...common,
        querystring: AuditExportQuery,
        response: { 200: JsonLines, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      checkRange(request.query);
      return sendExport(app.ctx, reply, principalOf(request).companyId, request.query);
    },
  );
};

export default auditEventRoutes;
