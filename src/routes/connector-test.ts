import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { ConnectorTestBody, ConnectorTestResponse } from '../../schemas/connectors.ts';
import { principalOf } from '../../plugins/auth.ts';
import { probeConnector } from '../connectors/probe.ts';
import type { ConnectorKind } from '../connectors/types.ts';

/** "Test connection" for the console's connector form (src/connectors/probe.ts). */
const connectorTestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/connectors/test',
    {
      config: { permission: 'admin' as const, limitGroup: 'upload' as const },
      schema: {
        operationId: 'testConnector',
        summary: 'Try a connector’s settings before saving them: the first items its source lists',
        description:
          'Checks `config` as creating would (400 naming the field), then lists at most 5 items one level deep within 20 s through the same source code and network policy as a sync. A source that cannot be listed is 200 with `ok: false` and `error` saying why (refused, unreachable, wrong password). Nothing is stored.',
        tags: ['connectors'],
        security: [{ bearerAuth: [] }],
        body: ConnectorTestBody,
        response: { 200: ConnectorTestResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { ctx } = app;
      const data = await probeConnector(
        {
          db: ctx.db,
          secretKey: ctx.webhookKey,
          policy: {
            folderRoots: ctx.config.connectors.folderRoots,
            allowlist: ctx.config.connectors.allowlist,
          },
          connectors: ctx.config.connectors,
          maxItemBytes: ctx.config.maxUploadBytes,
        },
        principalOf(request).companyId,
        {
          ...request.body,
          kind: request.body.kind as ConnectorKind,
          config: request.body.config as Record<string, unknown>,
        },
      );
      return { success: true as const, data };
    },
  );
};

export default connectorTestRoutes;
