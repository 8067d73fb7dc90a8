import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DeleteResponse, errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import {
  ConnectorList,
  ConnectorPageQuery,
  ConnectorResponse,
  ConnectorRunList,
  ConnectorRunResponse,
  CreateConnectorBody,
  RemovedDocumentList,
  RemovedDocumentParams,
  RestoreQuery,
  UpdateConnectorBody,
} from '../../schemas/connectors.ts';
import { DocumentResponse } from '../../schemas/documents.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../lib/errors.ts';
import {
  connectorView,
  findConnector,
  lastRuns,
  listConnectors,
  listRuns,
  runView,
} from '../connectors/connectors.repository.ts';
import { createConnector, removeConnector, updateConnector } from '../connectors/connectors.service.ts';
import { startRun, wakeConnectorWorker } from '../connectors/jobs.ts';
import type { ConnectorKind } from '../connectors/types.ts';
import { listRemoved, restoreByAdmin } from '../connectors/restore.ts';
import { DEFAULT_RETENTION_DAYS } from '../connectors/removed.ts';

const admin = { permission: 'admin' as const };
const security = [{ bearerAuth: [] }];
const tags = ['connectors'];

const depsOf = (ctx: AppContext) => ({
  db: ctx.db,
  secretKey: ctx.webhookKey,
  policy: { folderRoots: ctx.config.connectors.folderRoots, allowlist: ctx.config.connectors.allowlist },
});

/** Admin management of connectors, "sync now" and their runs (docs/connectors.md). */
const connectorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/connectors',
    {
      config: admin,
      schema: {
        operationId: 'createConnector',
        description:
          'Adds a source the company’s documents are mirrored from (folder, web, s3, imap, webdav). Hosts must be public or in the operator’s CONNECTOR_ALLOWLIST; folders below CONNECTOR_FOLDER_ROOTS. The secret is stored encrypted and never returned.',
        summary: 'Add a connector',
        tags,
        security,
        body: CreateConnectorBody,
        response: { 201: ConnectorResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const data = await createConnector(depsOf(app.ctx), p.companyId, p.kind === 'user' ? p.userId : null, {
        ...request.body,
        kind: request.body.kind as ConnectorKind,
        config: request.body.config as Record<string, unknown>,
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/connectors',
    {
      config: admin,
      schema: {
        operationId: 'listConnectors',
        description: 'The company’s connectors with their last run, newest first.',
        summary: "The company's connectors",
        tags,
        security,
        querystring: ConnectorPageQuery,
        response: { 200: ConnectorList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listConnectors(app.ctx.db, principalOf(request).companyId, page, limit);
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );

  app.get(
    '/connectors/:id',
    {
      config: admin,
      schema: {
        operationId: 'getConnector',
        description: 'One connector with its last run.',
        summary: 'One connector',
        tags,
        security,
        params: IdParams,
        response: { 200: ConnectorResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findConnector(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!row) throw notFound('Connector');
      const run = (await lastRuns(app.ctx.db, [row.id])).get(row.id) ?? null;
      return { success: true as const, data: connectorView(row, run) };
    },
  );

  app.patch(
    '/connectors/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateConnector',
        description: 'Changes name, config, topic, secret (null removes it), interval, enabled or limits.',
        summary: 'Change a connector',
        tags,
        security,
        params: IdParams,
        body: UpdateConnectorBody,
        response: { 200: ConnectorResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await updateConnector(depsOf(app.ctx), principalOf(request).companyId, request.params.id, {
        ...body,
        ...(body.config ? { config: body.config as Record<string, unknown> } : {}),
      });
      return { success: true as const, data };
    },
  );

  app.delete(
    '/connectors/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteConnector',
        description:
          'Deletes the connector, its runs and the documents it mirrors; with `keepDocuments=true` they stay as ordinary documents.',
        summary: 'Delete a connector (and its documents)',
        tags,
        security,
        params: IdParams,
        querystring: Type.Object(
          { keepDocuments: Type.Optional(Type.Boolean({ default: false })) },
          { additionalProperties: false },
        ),
        response: { 200: DeleteResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      const keep = request.query.keepDocuments ?? false;
      await removeConnector({ ...app.ctx, log: request.log }, companyId, request.params.id, keep);
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );

  app.post(
    '/connectors/:id/sync',
    {
      config: admin,
      schema: {
        operationId: 'syncConnector',
        description:
          'Starts a sync now (202); while one is queued or running, that run is answered instead. Progress and counts: GET /api/connectors/{id}/runs.',
        summary: 'Sync now',
        tags,
        security,
        params: IdParams,
        response: { 202: ConnectorRunResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const companyId = principalOf(request).companyId;
      const row = await findConnector(app.ctx.db, companyId, request.params.id);
      if (!row) throw notFound('Connector');
      const { run } = await app.ctx.db
        .transaction()
        .execute((trx) => startRun(trx, app.ctx.boss, row, 'manual'));
      wakeConnectorWorker(app.ctx.boss);
      return reply.code(202).send({ success: true as const, data: runView(run) });
    },
  );

  app.get(
    '/connectors/:id/runs',
    {
      config: admin,
      schema: {
        operationId: 'listConnectorRuns',
        description:
          'The connector’s syncs, newest first: status, counts (added, updated, moved, deleted, unchanged, failed, embedded) and per-item errors.',
        summary: "The connector's runs",
        tags,
        security,
        params: IdParams,
        querystring: ConnectorPageQuery,
        response: { 200: ConnectorRunList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findConnector(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!row) throw notFound('Connector');
      const { page, limit } = request.query;
      const { items, total } = await listRuns(app.ctx.db, row.id, page, limit);
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );

  app.get(
    '/connectors/:id/removed-documents',
    {
      config: admin,
      schema: {
        operationId: 'listRemovedDocuments',
        description:
          'Documents the connector’s syncs removed, still recoverable (CONNECTOR_RETENTION_DAYS), most recently removed first.',
        summary: "The connector's removed documents",
        tags,
        security,
        params: IdParams,
        querystring: ConnectorPageQuery,
        response: { 200: RemovedDocumentList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      const row = await findConnector(app.ctx.db, companyId, request.params.id);
      if (!row) throw notFound('Connector');
      const { page, limit } = request.query;
      const days = app.ctx.config.connectors.retentionDays ?? DEFAULT_RETENTION_DAYS;
      const { items, total } = await listRemoved(app.ctx.db, companyId, row.id, days, page, limit);
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );

  app.post(
    '/connectors/:id/removed-documents/:documentId/restore',
    {
      config: admin,
      schema: {
        operationId: 'restoreRemovedDocument',
        description:
          'Puts a removed document back: same id, its chunks and embeddings (searchable at once, nothing re-embedded), attachments included. It stays the connector’s (the next sync removes it again if the source no longer has the item) unless `detach=true`. 409 while a sync runs, or when a live document has its id or the connector’s item of that key has a document.',
        summary: 'Restore a removed document',
        tags,
        security,
        params: RemovedDocumentParams,
        querystring: RestoreQuery,
        response: { 200: DocumentResponse, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      const { id, documentId } = request.params;
      const data = await restoreByAdmin(app.ctx, request.log, companyId, id, documentId, {
        detach: request.query.detach ?? false,
      });
      return { success: true as const, data };
    },
  );
};

export default connectorRoutes;
