import { Type } from 'typebox';
import { Envelope, Text } from './common.ts';

const Provider = Type.Enum(['installation', 'extractive', 'ollama', 'openai'], {
  description:
    '`installation`: the server’s LLM_PROVIDER answers; `extractive`: quotes from the documents, no model; `ollama` / `openai`: a model server the operator allows (ANSWERER_ENDPOINTS)',
});
const ServerKind = Type.Enum(['ollama', 'openai']);
const Endpoint = Text(2000, { description: 'One of the operator’s endpoints of that kind (`endpoints`)' });
const Model = Text(200, { minLength: 1 });
const ApiKey = Type.Union([Type.String({ minLength: 1, maxLength: 4096 }), Type.Null()], {
  description: 'openai only; stored encrypted, never returned; absent keeps the stored one, null removes it',
});

/** `GET`/`PUT /api/answerer`: the company's answerer and what it may choose from. */
export const AnswererResponse = Envelope(
  Type.Object(
    {
      provider: Provider,
      endpoint: Type.Union([Text(2000), Type.Null()]),
      model: Type.Union([Text(200), Type.Null()]),
      hasApiKey: Type.Boolean({ description: 'An API key is stored (it is never returned)' }),
      installation: Type.Object(
        { provider: Text(40), model: Type.Union([Text(500), Type.Null()]) },
        { additionalProperties: false, description: 'What `installation` means on this server' },
      ),
      endpoints: Type.Array(
        Type.Object({ kind: ServerKind, url: Text(2000) }, { additionalProperties: false }),
        { maxItems: 100, description: 'The model servers the operator allows companies to use' },
      ),
    },
    { additionalProperties: false },
  ),
);

export const AnswererBody = Type.Object(
  {
    provider: Provider,
    endpoint: Type.Optional(Endpoint),
    model: Type.Optional(Model),
    apiKey: Type.Optional(ApiKey),
  },
  { additionalProperties: false },
);

export const AnswererModelsBody = Type.Object(
  { provider: ServerKind, endpoint: Endpoint, apiKey: Type.Optional(ApiKey) },
  { additionalProperties: false },
);
export const AnswererModelsResponse = Envelope(
  Type.Object(
    {
      models: Type.Array(Text(500), { maxItems: 1000 }),
      error: Type.Union([Text(500), Type.Null()], { description: 'Why the server’s list could not be read' }),
    },
    { additionalProperties: false },
  ),
);

export const AnswererTestResponse = Envelope(
  Type.Object(
    {
      ok: Type.Boolean(),
      question: Text(200),
      answer: Text(500, { description: 'The first 500 characters of the answer' }),
      durationMs: Type.Integer({ minimum: 0, maximum: 600_000 }),
      error: Type.Union([Text(500), Type.Null()]),
    },
    { additionalProperties: false },
  ),
);
