/**
 * Wire shapes of the OpenAI-compatible routes (src/routes/openai-compat.ts), after OpenAI's API
 * reference (https://platform.openai.com/docs/api-reference/chat): the request as OpenAI accepts
 * it (unknown fields allowed and ignored), `chat.completion`, `chat.completion.chunk`, the model
 * list and OpenAI's error object. Cog-RAG's additions live under `x_cog_rag` only.
 */
import { Type, type Static } from 'typebox';
import { Text } from '../../schemas/common.ts';

const ROLES = ['user', 'assistant', 'system', 'developer', 'tool', 'function'];

/** A part of an array `content`: only `text` parts are read (images and audio are ignored). */
const ContentPart = Type.Object(
  {
    type: Text(64, { description: '`text` parts are read; any other type is ignored' }),
    text: Type.Optional(Text(100_000)),
  },
  { additionalProperties: false },
);

const Message = Type.Object(
  {
    role: Type.Enum(ROLES, {
      description:
        'The last message must be `user` (the question); earlier `user` and `assistant` messages are the conversation, `system`, `developer`, `tool` and `function` messages are ignored (the company’s settings decide the answerer’s instructions)',
    }),
    // `oneOf` (the three types exclude one another): generators make a typed union of it, where
    // TypeBox's `anyOf` becomes an untyped one in openapi-generator's python client.
    content: Type.Optional(
      Type.Unsafe<string | Static<typeof ContentPart>[] | null>({
        oneOf: [Text(100_000), Type.Array(ContentPart, { maxItems: 100 }), Type.Null()],
        description: 'Text, or an array of content parts whose `text` parts are joined',
      }),
    ),
    name: Type.Optional(Text(256)),
  },
  { additionalProperties: false },
);

export const CompletionBody = Type.Object(
  {
    model: Type.String({
      minLength: 1,
      maxLength: 200,
      examples: ['cog-rag'],
      description:
        '`cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic (`GET /v1/models` lists them). Any other name: 404',
    }),
    messages: Type.Array(Message, {
      minItems: 1,
      maxItems: 1000,
      examples: [[{ role: 'user', content: 'How long does the Zephyr warranty last?' }]],
    }),
    stream: Type.Optional(
      Type.Union([Type.Boolean(), Type.Null()], {
        description: 'true: `chat.completion.chunk` Server-Sent Events ending with `data: [DONE]`',
      }),
    ),
    stream_options: Type.Optional(
      Type.Union([
        Type.Object(
          {
            include_usage: Type.Optional(
              Type.Boolean({ description: 'A last chunk with `usage` and no choices, before `[DONE]`' }),
            ),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
    n: Type.Optional(
      Type.Union([
        Type.Integer({ minimum: 1, maximum: 1, description: 'Only 1 choice is made' }),
        Type.Null(),
      ]),
    ),
  },
  {
    additionalProperties: false,
    description:
      'OpenAI’s request. Fields not listed here, at any level (`temperature`, `max_tokens`, `tools`, `user`, a message’s `tool_calls`, an `image_url` part…), are accepted and ignored as OpenAI ignores unknown fields (src/openai/prune.ts drops them before validation): the company’s settings decide how it is answered',
  },
);

export const Usage = Type.Object(
  {
    prompt_tokens: Type.Integer({ minimum: 0, maximum: 1e9 }),
    completion_tokens: Type.Integer({ minimum: 0, maximum: 1e9 }),
    total_tokens: Type.Integer({ minimum: 0, maximum: 1e9 }),
  },
  {
    $id: 'ChatCompletionUsage',
    additionalProperties: false,
    description: 'Estimated: one token per 4 characters of text (OpenAI’s rule of thumb)',
  },
);

/** Cog-RAG's extension: what the `[n]` markers in the answer cite. */
export const Extension = Type.Object(
  {
    sources: Type.Array(Type.Ref('Source'), {
      maxItems: 100,
      description: 'The cited documents with their cited chunks (the REST API’s `Source`)',
    }),
    citation_map: Type.Ref('CitationMap'),
    conversation_id: Text(64, { description: 'The stored conversation (one per request)' }),
    message_id: Text(64, { description: 'The stored answer (for feedback)' }),
  },
  {
    $id: 'CogRagCitations',
    additionalProperties: false,
    description: 'Cog-RAG’s extension (`x_cog_rag`): the sources the `[n]` markers cite',
  },
);

/**
 * `logprobs`: always null (no log probabilities are computed); typed as OpenAI's object or null,
 * since a bare `null` type breaks openapi-generator's typescript-fetch and python clients.
 */
const Logprobs = Type.Union(
  [
    Type.Object(
      {
        content: Type.Union([
          Type.Array(
            Type.Object(
              { token: Text(200), logprob: Type.Number({ minimum: -1e6, maximum: 0 }) },
              { additionalProperties: false },
            ),
            { maxItems: 0 },
          ),
          Type.Null(),
        ]),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: 'Always null: no log probabilities are computed' },
);

const Common = {
  id: Text(64, { description: '`chatcmpl-…`', examples: ['chatcmpl-Fq3xw0dG1m8vZpQ2aKc7hT9r'] }),
  created: Type.Integer({
    minimum: 0,
    maximum: 1e11,
    description: 'Unix time, seconds',
    examples: [1796083200],
  }),
  model: Text(200, { description: 'The requested model', examples: ['cog-rag'] }),
};

export const ChatCompletion = Type.Object(
  {
    ...Common,
    object: Type.Literal('chat.completion'),
    choices: Type.Array(
      Type.Object(
        {
          index: Type.Integer({ minimum: 0, maximum: 0 }),
          message: Type.Object(
            {
              role: Type.Literal('assistant'),
              content: Text(100_000, {
                description: 'The answer, with `[n]` citation markers (keys of `x_cog_rag.citation_map`)',
                examples: ['The Zephyr warranty lasts 7 years [1].'],
              }),
              refusal: Type.Union([Text(2000), Type.Null()], {
                description: 'Always null: a question the documents do not answer is refused in `content`',
              }),
            },
            { additionalProperties: false },
          ),
          logprobs: Logprobs,
          finish_reason: Type.Literal('stop'),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1 },
    ),
    usage: Type.Ref('ChatCompletionUsage'),
    x_cog_rag: Type.Ref('CogRagCitations'),
  },
  { $id: 'ChatCompletion', additionalProperties: false },
);

export const ChatCompletionChunk = Type.Object(
  {
    ...Common,
    object: Type.Literal('chat.completion.chunk'),
    choices: Type.Array(
      Type.Object(
        {
          index: Type.Integer({ minimum: 0, maximum: 0 }),
          delta: Type.Object(
            {
              role: Type.Optional(Type.Literal('assistant')),
              content: Type.Optional(Text(100_000, { examples: [' lasts 7 years [1].'] })),
            },
            { additionalProperties: false },
          ),
          logprobs: Logprobs,
          finish_reason: Type.Union([Text(20), Type.Null()], {
            description: '`stop` on the last chunk, null on the others',
          }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 1, description: 'Empty on the usage chunk' },
    ),
    usage: Type.Optional(Type.Union([Type.Ref('ChatCompletionUsage'), Type.Null()])),
    x_cog_rag: Type.Optional(Type.Ref('CogRagCitations')),
  },
  {
    $id: 'ChatCompletionChunk',
    additionalProperties: false,
    description:
      'One `data:` line of the stream: a first chunk with `role`, one per piece of text, a last with `finish_reason: "stop"` and `x_cog_rag`, then `data: [DONE]`',
  },
);

const Model = Type.Object(
  {
    id: Text(200, { description: '`cog-rag` or `cog-rag:topic/<topicId>`', examples: ['cog-rag'] }),
    object: Type.Literal('model'),
    created: Type.Integer({ minimum: 0, maximum: 1e11, description: 'Unix time, seconds' }),
    owned_by: Text(255, { description: 'The company' }),
    name: Text(300, { description: 'A display name (Open WebUI shows it)', examples: ['Cog-RAG'] }),
  },
  { additionalProperties: false },
);

export const ModelList = Type.Object(
  { object: Type.Literal('list'), data: Type.Array(Model, { maxItems: 10_001 }) },
  { $id: 'ModelList', additionalProperties: false },
);

/**
 * OpenAI's error object, on every error of the /v1 routes: `type` is OpenAI's kind, `code` the
 * spec's ErrorCode, `param` the first invalid field (or null).
 */
export const OpenAIErrorResponse = Type.Object(
  {
    error: Type.Object(
      {
        message: Text(2000),
        type: Type.Enum(
          [
            'invalid_request_error',
            'authentication_error',
            'permission_error',
            'not_found_error',
            'rate_limit_error',
            'server_error',
          ],
          { description: 'OpenAI’s error kind' },
        ),
        param: Type.Union([Text(200), Type.Null()], { description: 'The first invalid field, or null' }),
        code: Type.Ref('ErrorCode'),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'OpenAIErrorResponse', additionalProperties: false },
);
