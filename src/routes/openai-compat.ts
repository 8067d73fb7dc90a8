/**
 * The OpenAI-compatible API under /v1 (docs/api.md "OpenAI-compatible API"): Open WebUI,
 * AnythingLLM, LibreChat, OpenAI's SDKs, LangChain and LlamaIndex use Cog-RAG as a model. The
 * answer is the chat's (src/routes/chat-stream.ts over src/chat/chat.service.ts): the same
 * retrieval, answerer, access scope and rate limits; `Authorization: Bearer` takes a user's access
 * token or an API key. Errors leave in OpenAI's shape, not the envelope (src/openai/errors.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import { collectChat, streamChat } from './chat-stream.ts';
import { CompletionBody } from '../openai/schemas.ts';
import {
  chunkEncoder,
  completionId,
  completionOf,
  questionOf,
  textOf,
  tokensOf,
} from '../openai/completions.ts';
import { listModels, topicOfModel } from '../openai/models.ts';
import { pruneToSchema } from '../openai/prune.ts';
import { openAiErrorOf, reshapeErrorPayload, type EnvelopeError } from '../openai/errors.ts';

const ERROR = Type.Ref('OpenAIErrorResponse');
const ERRORS: Record<number, string> = {
  400: 'Invalid request (`param` names the field; a query string with NUL bytes too)',
  401: 'Missing, invalid or expired credential',
  403: 'The role may not chat, or the API key is used from an unauthorized origin',
  404: 'Unknown model (or a topic the caller may not read)',
  413: 'The body is larger than MAX_JSON_BODY_KB',
  429: 'Rate limit exceeded; see `Retry-After`',
  500: 'Unexpected failure; the server log has the details',
  502: 'The web search provider failed',
  503: 'The language model or the database is unavailable; see `Retry-After`',
};
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [s, { description: ERRORS[s], content: { 'application/json': { schema: ERROR } } }]),
  );

const SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiKey: [] }];
const AUTH =
  'Send `Authorization: Bearer <key>`, the key being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering from its topics only); `X-API-Key` is accepted too.';

const isEnvelopeError = (p: unknown): p is { success: false; error: EnvelopeError } =>
  !!p && typeof p === 'object' && (p as { success?: unknown }).success === false;

const openaiCompatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Errors are written once, in the envelope, by plugins/errors.ts; here they become OpenAI's
  // object before serialization (objects) or before sending (text written by other plugins).
  app.addHook('preSerialization', async (_request, reply, payload) =>
    isEnvelopeError(payload) ? openAiErrorOf(reply.statusCode, payload.error) : payload,
  );
  app.addHook('onSend', async (_request, reply, payload) => reshapeErrorPayload(reply.statusCode, payload));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      success: false,
      error: { code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` },
    }),
  );

  app.post(
    '/chat/completions',
    {
      config: { auth: 'bearer', permission: 'chat', limitGroup: 'chatStream' },
      // Unknown fields are ignored, as OpenAI ignores them: dropped before validation.
      preValidation: async (request) => {
        request.body = pruneToSchema(request.body, CompletionBody) as typeof request.body;
      },
      schema: {
        operationId: 'createChatCompletion',
        tags: ['openai'],
        summary: 'OpenAI-compatible chat completion, answered from the company’s documents',
        description:
          'OpenAI’s Chat Completions (`stream` false: one `chat.completion`; true: `chat.completion.chunk` Server-Sent Events ending with `data: [DONE]`). The last message is the question, the earlier `user`/`assistant` messages its conversation; the answer cites `[n]`, and `x_cog_rag` (on the completion, and on the stream’s last chunk) lists the sources. ' +
          AUTH +
          ' Errors use OpenAI’s `{error: {message, type, param, code}}`, `code` being the `ErrorCode`.\n\nRate limit: the chat streaming class (20 requests per minute by default, per user or API key), `stream` true or not.',
        body: CompletionBody,
        security: SECURITY,
        response: {
          200: {
            description: 'The answer: JSON, or with `stream: true` an SSE stream of chunks',
            content: {
              'application/json': { schema: Type.Ref('ChatCompletion') },
              'text/event-stream': { schema: Type.Ref('ChatCompletionChunk') },
            },
          },
          ...errors(400, 401, 403, 404, 413, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body as Static<typeof CompletionBody>;
      const { message, history } = questionOf(body.messages);
      const topicId = await topicOfModel(app.ctx.db, principal, body.model);
      const meta = {
        id: completionId(),
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        promptTokens: tokensOf(body.messages.map((m) => textOf(m.content)).join('\n')),
      };
      const chat = { message, history, ...(topicId ? { topicId } : {}) };
      if (body.stream === true) {
        const includeUsage = body.stream_options?.include_usage === true;
        await streamChat(app.ctx, request, reply, principal, chat, chunkEncoder(meta, includeUsage));
        return reply;
      }
      return completionOf(meta, await collectChat(app.ctx, principal, chat));
    },
  );

  app.get(
    '/models',
    {
      config: { auth: 'bearer', permission: 'chat' },
      schema: {
        operationId: 'listModels',
        tags: ['openai'],
        summary: 'OpenAI-compatible model list: `cog-rag` and one model per readable topic',
        description:
          '`cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic, one per topic the caller (user or API key) may read. ' +
          AUTH +
          '\n\nRate limit: the authenticated class per user (300 a minute by default), the public class per API key (60).',
        security: SECURITY,
        response: { 200: Type.Ref('ModelList'), ...errors(400, 401, 403, 429, 500) },
      },
    },
    async (request) => listModels(app.ctx.db, principalOf(request)),
  );
};

export default openaiCompatRoutes;
