import { Type } from 'typebox';
// The default moves with each refit of the gate (scripts/reader/calibrate.ts --write).
import gateCalibration from '../src/chat/reader/calibration.json' with { type: 'json' };
import { Count, Envelope, Id, ListQuery, Name, Paginated, SortBy, Text, Timestamp } from './common.ts';

export const Topic = Type.Object(
  {
    id: Id({ examples: ['top_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    name: Text(100),
    description: Type.Union([Text(1000), Type.Null()]),
    documentCount: Count(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Topic', additionalProperties: false },
);
export const TopicResponse = Envelope(Type.Ref('Topic'));
export const TopicList = Paginated(Type.Ref('Topic'));
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
  { ...ListQuery, sort: SortBy(['createdAt', 'updatedAt', 'name']) },
  { additionalProperties: false },
);

export const Conversation = Type.Object(
  {
    id: Id({ examples: ['conv_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    title: Text(200),
    messageCount: Count(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Conversation', additionalProperties: false },
);
export const ConversationResponse = Envelope(Type.Ref('Conversation'));

/** One message of a conversation: the question (`user`) or the answer with its sources. */
export const Message = Type.Object(
  {
    id: Id({ examples: ['msg_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    role: Type.Enum(['user', 'assistant']),
    content: Text(100_000),
    sources: Type.Array(
      Type.Object(
        {
          id: Text(2000),
          name: Name({ maxLength: 2000 }),
          score: Type.Number({ minimum: -1e6, maximum: 1e6 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
    citationMap: Type.Ref('CitationMap'),
    refused: Type.Boolean({
      description: 'An answer citing no source: nothing in the documents answered the question',
    }),
    feedback: Type.Union([Type.Enum(['up', 'down']), Type.Null()], {
      description: 'The asker’s rating of an answer (PUT …/messages/:messageId/feedback)',
    }),
    createdAt: Timestamp(),
  },
  { $id: 'Message', additionalProperties: false },
);
export const ConversationDetailResponse = Envelope(
  Type.Object(
    { ...Conversation.properties, messages: Type.Array(Type.Ref('Message'), { maxItems: 10_000 }) },
    { additionalProperties: false },
  ),
);
export const ConversationUpdateBody = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const ConversationList = Paginated(Type.Ref('Conversation'));
export const ConversationBody = Type.Object(
  { title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);

const Quota = (description: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });

/** "Cog-RAG configuration" (admin only): per-company retrieval and generation settings. */
export const CompanySettings = Type.Object(
  {
    language: Type.Optional(Type.Enum(['en', 'fr'])),
    systemPrompt: Type.Optional(Type.String({ maxLength: 4000 })),
    topK: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
    rerank: Type.Optional(Type.Boolean()),
    answerThreshold: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'Least calibrated answerability (0..1) for an answer; below it the answer is the refusal. Lower: fewer refusals of answerable questions, more answers to unanswerable ones (docs/chat.md "The reader and the rules"). ' +
          `Default ${gateCalibration.threshold} (0.35 with READER_MODEL=off).`,
      }),
    ),
    ssoDomains: Type.Optional(
      Type.Array(
        Type.String({
          maxLength: 253,
          pattern: '^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}$',
          description: 'E-mail domain whose Google/Microsoft users join as COMPANY_READER',
        }),
        { maxItems: 50 },
      ),
    ),
  },
  { additionalProperties: false },
);
export const Company = Type.Object(
  {
    id: Id({ examples: ['comp_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    name: Text(200),
    settings: Type.Optional(
      Type.Object(CompanySettings.properties, {
        additionalProperties: false,
        description: 'Shown to COMPANY_ADMIN only; what `PUT /api/companies/{id}` stored',
      }),
    ),
    usage: Type.Object(
      {
        documents: Count(),
        storageBytes: Count({ description: 'Bytes of the stored originals' }),
      },
      { additionalProperties: false, description: 'What the company holds now, against its `limits`' },
    ),
    limits: Type.Object(
      {
        documents: Quota('QUOTA_MAX_DOCUMENTS: one more upload → 409'),
        storageBytes: Quota('QUOTA_MAX_STORAGE_MB: past it an upload → 413'),
      },
      { additionalProperties: false, description: 'Per-company quota' },
    ),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Company', additionalProperties: false },
);
export const CompanyResponse = Envelope(Type.Ref('Company'));
export const CompanyList = Paginated(Type.Ref('Company'));
export const CompanyUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    settings: Type.Optional(CompanySettings),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const FeedbackParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'Conversation id' }),
    messageId: Type.String({ minLength: 1, maxLength: 64, description: 'Message id (an answer)' }),
  },
  { additionalProperties: false },
);
export const FeedbackBody = Type.Object(
  {
    rating: Type.Union([Type.Enum(['up', 'down']), Type.Null()], {
      description: 'Thumbs up or down; null takes the rating back',
    }),
  },
  { additionalProperties: false },
);
/**
 * `PUT /api/public/messages/:messageId/feedback` (the widget's thumbs): the answer is found through
 * the visitor's widget session, which only the server makes, so a visitor rates only answers of
 * its own conversation with this key.
 */
export const PublicFeedbackParams = Type.Object(
  { messageId: Type.String({ minLength: 1, maxLength: 64, description: 'Message id (an answer)' }) },
  { additionalProperties: false },
);
export const PublicFeedbackBody = Type.Object(
  {
    sessionId: Type.String({
      maxLength: 69,
      pattern: '^sess_[A-Za-z0-9_-]{1,64}$',
      description: 'The widget session the answer was given in (the `sessionId` of its `done` event)',
    }),
    rating: FeedbackBody.properties.rating,
  },
  { additionalProperties: false },
);
export const FeedbackResponse = Envelope(
  Type.Object(
    {
      messageId: Id(),
      rating: Type.Union([Type.Enum(['up', 'down']), Type.Null()]),
      ratedAt: Type.Union([Timestamp(), Type.Null()]),
    },
    { additionalProperties: false },
  ),
);
