import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DeleteResponse, Envelope, errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveryList,
  PageQuery,
  UpdateWebhookBody,
  Webhook,
  WebhookList,
} from '../../schemas/webhooks.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { attemptDelivery, eventBody } from '../webhooks/delivery.ts';
import { deliveryDepsOf } from '../webhooks/dispatcher.ts';
import { assertTenantUrl } from '../webhooks/outbound.ts';
import {
  createWebhook,
  deleteWebhook,
  deliveryView,
  findWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  webhookView,
} from '../webhooks/webhooks.repository.ts';

/**
 * 400 for a URL the company's webhook policy refuses now (src/webhooks/outbound.ts; checked again
 * at every delivery). Decided from the URL and DNS alone, never by connecting.
 */
async function assertUrl(ctx: AppContext, companyId: string, url: string): Promise<void> {
  await assertTenantUrl(ctx.webhookHttp, companyId, url, 'url', 'The webhook URL is not allowed');
}

const admin = { permission: 'admin' as const };
const security = [{ bearerAuth: [] }];

/** Admin CRUD of webhook endpoints, a test send and the delivery log (docs/webhooks.md). */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/webhooks',
    {
      config: admin,
      schema: {
        operationId: 'createWebhook',
        description:
          'Subscribes an http(s) endpoint to events; deliveries are signed (Standard Webhooks) with the secret returned once, here. See docs/webhooks.md.',
        tags: ['webhooks'],
        summary: 'Register an endpoint; the signing secret is in this response only',
        security,
        body: CreateWebhookBody,
        response: { 201: CreatedWebhook, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await assertUrl(app.ctx, principalOf(request).companyId, request.body.url);
      const data = await createWebhook(app.ctx.db, app.ctx.webhookKey, {
        companyId: principalOf(request).companyId,
        url: request.body.url,
        events: request.body.events,
        active: request.body.active ?? true,
        description: request.body.description,
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/webhooks',
    {
      config: admin,
      schema: {
        operationId: 'listWebhooks',
        description: 'The company’s webhook endpoints, paginated; secrets are never shown again.',
        tags: ['webhooks'],
        summary: "The company's endpoints (never their secrets)",
        security,
        querystring: PageQuery,
        response: { 200: WebhookList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listWebhooks(app.ctx.db, principalOf(request).companyId, page, limit);
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config: admin,
      schema: {
        operationId: 'getWebhook',
        description: 'One webhook endpoint.',
        tags: ['webhooks'],
        summary: 'One endpoint',
        security,
        params: IdParams,
        response: { 200: Envelope(Webhook), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findWebhook(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!row) throw notFound('Webhook');
      return { success: true as const, data: webhookView(row) };
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateWebhook',
        description: 'Changes url, events, description or active; re-activating clears `disabledReason`.',
        tags: ['webhooks'],
        summary: 'Change url, events, description or active (re-activating clears disabledReason)',
        security,
        params: IdParams,
        body: UpdateWebhookBody,
        response: { 200: Envelope(Webhook), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      if (!(await findWebhook(app.ctx.db, companyId, request.params.id))) throw notFound('Webhook');
      if (request.body.url) await assertUrl(app.ctx, companyId, request.body.url);
      const data = await updateWebhook(app.ctx.db, companyId, request.params.id, request.body);
      if (!data) throw notFound('Webhook');
      return { success: true as const, data };
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteWebhook',
        description: 'Deletes the endpoint and its delivery log; pending deliveries are dropped.',
        tags: ['webhooks'],
        summary: 'Delete an endpoint and its delivery log',
        security,
        params: IdParams,
        response: {
          200: DeleteResponse,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      if (!(await deleteWebhook(app.ctx.db, principalOf(request).companyId, request.params.id)))
        throw notFound('Webhook');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: admin,
      schema: {
        operationId: 'testWebhook',
        description:
          'Sends one signed `webhook.test` event now and reports the endpoint’s answer; nothing is retried.',
        tags: ['webhooks'],
        summary: 'Send a signed `webhook.test` event now, once, and report the outcome',
        security,
        params: IdParams,
        response: { 200: Envelope(Type.Ref('Delivery')), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = principalOf(request).companyId;
      const hook = await findWebhook(app.ctx.db, companyId, request.params.id);
      if (!hook) throw notFound('Webhook');
      const eventId = newId('evt');
      const row = await app.ctx.db
        .insertInto('webhook_deliveries')
        .values({
          id: newId('dlv'),
          company_id: companyId,
          webhook_id: hook.id,
          event_id: eventId,
          event: 'webhook.test',
          body: eventBody('webhook.test', new Date(), { webhookId: hook.id, eventId }),
          attempts: 1,
          // Leased to this request, so the worker's loop does not send it a second time.
          locked_until: new Date(Date.now() + 2 * app.ctx.config.webhookTimeoutMs + 1000),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const done = await attemptDelivery(deliveryDepsOf(app.ctx), row, { retry: false });
      return { success: true as const, data: deliveryView(done) };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: admin,
      schema: {
        operationId: 'listWebhookDeliveries',
        description: 'The endpoint’s deliveries, newest first, with attempts, last status and next attempt.',
        tags: ['webhooks'],
        summary: "The endpoint's delivery log, newest first",
        security,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: DeliveryList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const hook = await findWebhook(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!hook) throw notFound('Webhook');
      const { page, limit } = request.query;
      const { items, total } = await listDeliveries(app.ctx.db, hook.id, page, limit);
      return { success: true as const, data: { items, pagination: pagination(page, limit, total) } };
    },
  );
};

export default webhookRoutes;
