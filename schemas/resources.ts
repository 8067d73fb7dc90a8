import { Type } from 'typebox';
import { Envelope, ListQuery, Paginated } from './common.ts';

export const Topic = Type.Object({
  id: Type.String({ examples: ['top_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  documentCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export const TopicResponse = Envelope(Topic);
export const TopicList = Paginated(Topic);
export const TopicBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export const TopicUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const SimpleListQuery = Type.Object(
  {
    ...ListQuery,
    sort: Type.Union([Type.Literal('createdAt'), Type.Literal('updatedAt'), Type.Literal('name')], {
      default: 'createdAt',
    }),
  },
  { additionalProperties: false },
);

export const Conversation = Type.Object({
  id: Type.String({ examples: ['conv_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
  title: Type.String(),
  messageCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export const ConversationResponse = Envelope(Conversation);
export const ConversationList = Paginated(Conversation);
export const ConversationBody = Type.Object(
  { title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);

export const Company = Type.Object({
  id: Type.String({ examples: ['comp_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
  name: Type.String(),
  settings: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export const CompanyResponse = Envelope(Company);
export const CompanyList = Paginated(Company);
/** "Cog-RAG configuration" (admin only): per-company retrieval and generation settings. */
export const CompanySettings = Type.Object(
  {
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('fr')])),
    systemPrompt: Type.Optional(Type.String({ maxLength: 4000 })),
    topK: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
    rerank: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const CompanyUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    settings: Type.Optional(CompanySettings),
  },
  { additionalProperties: false, minProperties: 1 },
);
