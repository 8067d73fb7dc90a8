import { Type } from 'typebox';
import { Envelope } from './common.ts';

const Message = Type.String({ minLength: 1, maxLength: 4000, description: 'The question' });

export const ChatBody = Type.Object(
  {
    message: Message,
    conversationId: Type.Optional(Type.String({ maxLength: 64 })),
    topicId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const PublicChatBody = Type.Object(
  {
    message: Message,
    sessionId: Type.Optional(
      Type.String({ pattern: '^sess_[A-Za-z0-9_-]{1,64}$', description: 'Widget session, `sess_<id>`' }),
    ),
    topicId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const Source = Type.Object({
  id: Type.String({ description: 'Document id' }),
  name: Type.String(),
  score: Type.Number(),
  chunks: Type.Array(
    Type.Object({
      citation: Type.Integer(),
      chunkId: Type.String(),
      page: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});

export const CitationMap = Type.Record(
  Type.String({ pattern: '^[0-9]+$' }),
  Type.Object({ documentId: Type.String(), chunkId: Type.String() }),
);

export const ChatAnswer = Envelope(
  Type.Object({
    answer: Type.String(),
    sources: Type.Array(Source),
    citationMap: CitationMap,
    conversationId: Type.String(),
    messageId: Type.String(),
  }),
);

export const STREAM_DESCRIPTION =
  'Server-Sent Events, each line `data: <JSON>`: zero or more `{"type":"token","content":…}`, one ' +
  '`{"type":"sources","sources":[{id,name,score}]}`, then `{"type":"done","citationMap":{"1":{documentId,chunkId}},' +
  'conversationId,messageId}`. Every `[n]` in the tokens is a key of citationMap. A failure after the stream ' +
  'started is sent as `{"type":"error","error":{code,message}}`. Comment heartbeats `: ping` every 15 s.';
