import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import pino from 'pino';
import type { AppContext } from './context.ts';
import errorsPlugin from '../plugins/errors.ts';
import securityHeaders from '../plugins/security-headers.ts';
import corsPlugin from '../plugins/cors.ts';
import compressionPlugin from '../plugins/compression.ts';
import authPlugin from '../plugins/auth.ts';
import auditPlugin from '../plugins/audit.ts';
import swaggerPlugin from '../plugins/swagger.ts';
import rateLimitPlugin from '../plugins/rate-limit.ts';
import listCachePlugin from '../plugins/list-cache.ts';
import noNulPlugin from '../plugins/no-nul.ts';
import idempotencyPlugin from '../plugins/idempotency.ts';
import deprecationPlugin from '../plugins/deprecation.ts';
import { installValidators } from '../plugins/validation.ts';
import { decorateWarmUp, lazySerializerFactory, type Compilations } from '../plugins/serialization.ts';
import { installJsonParser } from '../plugins/json-body.ts';
import healthRoutes, { API_VERSION } from './routes/health.ts';
import { bodyTimeout } from '../plugins/body-timeout.ts';
import authRoutes, { meRoutes } from './routes/auth.ts';
import documentRoutes, { documentUploadRoutes } from './routes/documents.ts';
import documentChunkRoutes from './routes/document-chunks.ts';
import searchRoutes from './routes/search.ts';
import apiKeyRoutes from './routes/api-keys.ts';
import apiKeyVisitorRoutes from './routes/api-key-visitors.ts';
import chatRoutes from './routes/chat.ts';
import publicRoutes from './routes/public.ts';
import publicFileRoutes from './routes/public-files.ts';
import publicFeedbackRoutes from './routes/public-feedback.ts';
import topicRoutes from './routes/topics.ts';
import groupRoutes from './routes/groups.ts';
import conversationRoutes from './routes/conversations.ts';
import companyRoutes from './routes/companies.ts';
import userRoutes from './routes/users.ts';
import accountRoutes from './routes/account.ts';
import invitationRoutes from './routes/invitations.ts';
import passwordResetRoutes from './routes/password-reset.ts';
import webSearchRoutes from './routes/web-search.ts';
import webhookRoutes from './routes/webhooks.ts';
import connectorRoutes from './routes/connectors.ts';
import connectorTestRoutes from './routes/connector-test.ts';
import answererRoutes from './routes/answerer.ts';
import evaluationRoutes from './routes/evaluations.ts';
import { EVALUATION_UPLOAD_LIMITS, evaluationUploadRoutes } from './routes/evaluation-upload.ts';
import widgetRoutes from './routes/widget.ts';
import authProviderRoutes from './routes/auth-providers.ts';
import oidcRoutes from './routes/auth-oidc.ts';
import ldapRoutes from './routes/auth-ldap.ts';
import documentReprocessRoutes from './routes/document-reprocess.ts';
import documentFileRoutes from './routes/document-file.ts';
import messageFeedbackRoutes from './routes/message-feedback.ts';
import insightsRoutes from './routes/insights.ts';
import auditEventRoutes from './routes/audit-events.ts';
import consoleRoutes from './routes/console.ts';
import scimTokenRoutes from './routes/scim-tokens.ts';
import { registerScim } from './routes/scim.ts';
import openaiCompatRoutes from './routes/openai-compat.ts';
import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { redactUrl } from './lib/redact.ts';
import { httpDuration, rateLimitRejections, watchContext } from './metrics/registry.ts';
import { metricsRoute } from './metrics/route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route with its policy, as registered (auto HEAD routes left out); for RBAC tests and docs. */
    routeTable: RoutePolicy[];
    /**
     * Compiles the request validators and response serializers no request has needed yet
     * (plugins/serialization.ts), one per event-loop turn; the server calls it once it listens.
     * @returns how many schemas it went through. @throws a schema that does not compile.
     */
    warmCompilations(): Promise<number>;
    /** True while `warmCompilations` runs: `/api/ready` answers 503 meanwhile. */
    readonly schemasWarming: boolean;
  }
}

export type { RoutePolicy } from './routes/route-policy.ts';
import type { RoutePolicy } from './routes/route-policy.ts';

/** Longest a log line waits in the destination's buffer, ms. */
const LOG_FLUSH_MS = 500;

/**
 * Request logs at `info`: one compact line when the response is sent, none on arrival (Fastify's
 * default writes two, each serializing the request or reply). The URL is logged through
 * redactUrl: `/widget/demo?key=…` and other keys, tokens and secrets in a query never reach a log.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const p = request.principal;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      ms: reply.elapsedTime,
      ...(p
        ? { company: p.companyId, ...(p.kind === 'user' ? { user: p.userId } : { apiKey: p.apiKeyId }) }
        : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * The logger's `req` serializer (anything that logs a request object): Fastify's default fields,
 * with the URL through redactUrl (keys, tokens and secrets in the query replaced).
 */
export function requestForLog(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger: `level`, lines written to `stream`, requests serialized by requestForLog. */
export function loggerOptions(level: string, stream: pino.DestinationStream) {
  return { level, stream, serializers: { req: requestForLog } };
}

/** An X-Request-Id a client or proxy may choose: short, printable, nothing a log could be forged with. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is well-formed (a proxy's id then follows
 * the request through our logs and the worker's), else a random UUID; logged as `reqId` and
 * returned in `X-Request-Id`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * `routes` in a scope of their own with @fastify/cookie, so its hooks (a parse on arrival, a
 * writer on send) run for the routes that read or set the refresh cookie, not on every request.
 * Registered where the routes were before, so the OpenAPI document keeps its order.
 */
const withCookies = (routes: FastifyPluginAsync) => async (scope: FastifyInstance) => {
  await scope.register(cookie);
  await scope.register(routes);
};

/**
 * The whole HTTP API as one Fastify instance over a context; server.ts only boots it and the
 * tests build the very same app. Order: third-party plugins, ours, then routes under /api.
 */
export async function buildApp(
  ctx: AppContext,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  // Asynchronous writes (pino flushes them at exit): a log line never blocks a request on stdout.
  // Lines are gathered up to 4 kB per write (one write per line cost a system call per request)
  // and flushed at least every LOG_FLUSH_MS, so a quiet server's lines still show at once.
  const destination = pino.destination({ sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS });
  const compilations: Compilations = [];
  const app = Fastify({
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory(compilations) } },
    logger: loggerOptions(ctx.config.logLevel, destination),
    logController: new OneLinePerRequest(),
    bodyLimit: ctx.config.maxJsonBodyBytes,
    // `__proto__` and `constructor.prototype` keys are dropped from JSON bodies rather than refused:
    // either way they never reach an object, and a body that merely contains one stays answerable.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    trustProxy: ctx.config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    genReqId: requestIdOf,
    // Malformed URLs and over-long path parameters are decided by the router, before any route:
    // answer them in the envelope too, as 400s (they can never name a resource).
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .header('x-api-version', API_VERSION)
        .send({
          success: false,
          error: {
            code: 'VALIDATION_ERROR',
            message: err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Malformed URL',
          },
        });
    },
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app, compilations);
  decorateWarmUp(app, compilations);
  // Before any scope is registered: every scope copies the root's body parsers.
  installJsonParser(app);
  app.decorate('ctx', ctx);
  const unwatch = watchContext(ctx);
  app.addHook('onClose', async () => void unwatch());
  // Callback style: every request passes here.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) rateLimitRejections.inc({ route });
    done();
  });
  const routeTable: RoutePolicy[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue; // Fastify's automatic twin of a GET route
      routeTable.push({
        method,
        url: route.url,
        auth: route.config?.auth,
        permission: route.config?.permission,
      });
    }
  });
  // First: its headers (and the API version) are on every answer, the 404 and 405 that
  // errorsPlugin answers early too.
  await app.register(bodyTimeout(ctx.config.ops.bodyIdleMs, API_VERSION));
  await app.register(securityHeaders, { extra: { 'x-api-version': API_VERSION } });
  await app.register(errorsPlugin);
  await app.register(deprecationPlugin);
  // Before every route and before compression: it hooks audited routes as they are added.
  await app.register(auditPlugin);
  await app.register(corsPlugin);
  // Before any route (the console's @fastify/static included): it hooks routes as they are added.
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(widgetRoutes);

  // The API's plugins in one scope over /api and the OpenAI-compatible /v1: one authentication and
  // one set of rate-limit counters for both (a user's chat stream counts once, whichever route).
  await app.register(async (scope) => {
    await scope.register(rateLimitPlugin);
    await scope.register(authPlugin);
    await scope.register(noNulPlugin);
    await scope.register(idempotencyPlugin);
    await scope.register(listCachePlugin);
    await scope.register(
      async (api) => {
        await api.register(healthRoutes);
        // Only the session routes read or set the refresh cookie: @fastify/cookie's hooks (a parse
        // on arrival, a writer on send) run for them alone, not on every request.
        await api.register(withCookies(authRoutes));
        await api.register(meRoutes);
        // @fastify/multipart adds a promise hook on arrival, a 'close' listener and a promise hook
        // after every answer in its scope: only the upload reads a multipart body.
        await api.register(async (upload) => {
          await upload.register(multipart, {
            limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 4096, parts: 20 },
          });
          await upload.register(documentUploadRoutes);
        });
        await api.register(async (upload) => {
          await upload.register(multipart, { limits: EVALUATION_UPLOAD_LIMITS });
          await upload.register(evaluationUploadRoutes);
        });
        await api.register(documentRoutes);
        await api.register(documentChunkRoutes);
        await api.register(searchRoutes);
        await api.register(apiKeyRoutes);
        await api.register(apiKeyVisitorRoutes);
        await api.register(chatRoutes);
        await api.register(publicRoutes);
        await api.register(publicFileRoutes);
        await api.register(publicFeedbackRoutes);
        await api.register(topicRoutes);
        await api.register(groupRoutes);
        await api.register(conversationRoutes);
        await api.register(companyRoutes);
        await api.register(userRoutes);
        await api.register(withCookies(accountRoutes));
        await api.register(invitationRoutes);
        await api.register(withCookies(passwordResetRoutes));
        await api.register(webSearchRoutes);
        await api.register(webhookRoutes);
        await api.register(connectorRoutes);
        await api.register(connectorTestRoutes);
        await api.register(answererRoutes);
        await api.register(authProviderRoutes);
        await api.register(withCookies(oidcRoutes));
        await api.register(withCookies(ldapRoutes));
        await api.register(documentReprocessRoutes);
        await api.register(documentFileRoutes);
        await api.register(messageFeedbackRoutes);
        await api.register(insightsRoutes);
        await api.register(evaluationRoutes);
        await api.register(auditEventRoutes);
        await api.register(scimTokenRoutes);
      },
      { prefix: '/api' },
    );
    await scope.register(openaiCompatRoutes, { prefix: '/v1' });
  });
  await registerScim(app);
  await app.register(consoleRoutes);
  await app.register(metricsRoute(ctx));
  return app;
}
