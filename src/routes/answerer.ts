import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import {
  AnswererBody,
  AnswererModelsBody,
  AnswererModelsResponse,
  AnswererResponse,
  AnswererTestResponse,
} from '../../schemas/answerer.ts';
import { principalOf } from '../../plugins/auth.ts';
import { decryptSecret } from '../webhooks/secrets.ts';
import {
  allowedEndpoints,
  assertChoice,
  clearCompanyAnswerer,
  normalizeEndpoint,
  companyAnswerer,
  providerOf,
  storeCompanyAnswerer,
  type AnswererChoice,
} from '../chat/llm/company-answerers.ts';
import { listModels, TEST_QUESTION, testAnswer } from '../chat/llm/answerer-probe.ts';

/**
 * The company's answerer (issue 40, docs/chat.md "Per-company answerer"): admins pick the
 * installation's, the extractive answerer, or a model at one of the operator's endpoints; list a
 * server's models; ask one test question before or after saving.
 */
const answererRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['answerer'];
  const security = [{ bearerAuth: [] }];
  const admin = { permission: 'admin' as const };
  const probe = { permission: 'admin' as const, limitGroup: 'upload' as const };
  const { ctx } = app;
  const view = async (companyId: string) => ({
    ...(await companyAnswerer(ctx.db, companyId)),
    installation: { provider: ctx.llm.name, model: ctx.llm.model },
    endpoints: allowedEndpoints(ctx.config),
  });
  /** The stored key, in clear, when the caller names the stored endpoint and sends no key. */
  const storedKey = async (companyId: string, endpoint: string | null | undefined) => {
    const row = await ctx.db
      .selectFrom('company_answerers')
      .select(['endpoint', 'secret_ciphertext'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row?.secret_ciphertext || row.endpoint !== normalizeEndpoint(endpoint)) return null;
    return decryptSecret(ctx.webhookKey, row.secret_ciphertext);
  };

  app.get(
    '/answerer',
    {
      config: admin,
      schema: {
        operationId: 'getAnswerer',
        summary: 'The company’s answerer and the choices the operator allows',
        tags,
        security,
        response: { 200: AnswererResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await view(principalOf(request).companyId) }),
  );

  app.put(
    '/answerer',
    {
      config: admin,
      schema: {
        operationId: 'setAnswerer',
        summary: 'Choose the company’s answerer (`installation` goes back to the server’s)',
        description:
          'A model server must be one of `endpoints` of its kind (400 naming `endpoint` otherwise) and needs a `model`. Applies to the next question in this process, within 30 s in the others.',
        tags,
        security,
        body: AnswererBody,
        response: { 200: AnswererResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const { provider } = request.body;
      if (provider === 'installation') await clearCompanyAnswerer(ctx.db, p.companyId);
      else
        await storeCompanyAnswerer(
          { db: ctx.db, config: ctx.config, secretKey: ctx.webhookKey },
          p.companyId,
          p.kind === 'user' ? p.userId : null,
          { ...request.body, provider },
        );
      ctx.answerers.forget(p.companyId);
      return { success: true as const, data: await view(p.companyId) };
    },
  );

  app.post(
    '/answerer/models',
    {
      config: probe,
      schema: {
        operationId: 'listAnswererModels',
        summary: 'The models an allowed model server offers (for the picker)',
        tags,
        security,
        body: AnswererModelsBody,
        response: { 200: AnswererModelsResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { companyId } = principalOf(request);
      const { provider, endpoint } = request.body;
      assertChoice(ctx.config, { provider, endpoint, model: 'any' });
      const apiKey = request.body.apiKey ?? (await storedKey(companyId, endpoint));
      const data = await listModels({ provider, endpoint: normalizeEndpoint(endpoint), apiKey });
      return { success: true as const, data };
    },
  );

  app.post(
    '/answerer/test',
    {
      config: probe,
      schema: {
        operationId: 'testAnswerer',
        summary: 'Ask one fixed question with one fixed source, with a choice or the saved answerer',
        description:
          'The body is a choice as `PUT` takes it (nothing is stored); `provider: installation` tests the server’s own answerer. The answer is 200 with `ok: false` and `error` when the model cannot answer.',
        tags,
        security,
        body: AnswererBody,
        response: { 200: AnswererTestResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { companyId } = principalOf(request);
      const body = request.body;
      let provider = ctx.llm;
      if (body.provider !== 'installation') {
        const choice = { ...body, provider: body.provider } as AnswererChoice;
        assertChoice(ctx.config, choice);
        const apiKey = body.apiKey ?? (await storedKey(companyId, body.endpoint));
        provider = providerOf(
          { config: ctx.config, embedder: ctx.embedder, installation: ctx.llm, reader: ctx.reader },
          {
            provider: choice.provider,
            endpoint: normalizeEndpoint(body.endpoint) || null,
            model: body.model ?? null,
            apiKey,
          },
        );
      }
      return { success: true as const, data: { question: TEST_QUESTION, ...(await testAnswer(provider)) } };
    },
  );
};

export default answererRoutes;
