import { Type } from 'typebox';
import { Envelope, Id, Text } from './common.ts';

const WebSearchFlag = Type.Boolean({
  description:
    'Also search the web (SearXNG) and cite its results after the company documents, marked `kind: "web"`. ' +
    'Not configured: 503; the provider failing: 502, before any byte is streamed.',
});

const Question = Type.String({ minLength: 1, maxLength: 4000, description: 'The question' });

export const ChatBody = Type.Object(
  {
    message: Question,
    conversationId: Type.Optional(Type.String({ maxLength: 64, description: 'Continue this conversation' })),
    topicId: Type.Optional(Type.String({ maxLength: 64, description: 'Answer from this topic only' })),
    webSearch: Type.Optional(WebSearchFlag),
  },
  { additionalProperties: false },
);

export const PublicChatBody = Type.Object(
  {
    message: Question,
    sessionId: Type.Optional(
      Type.String({
        maxLength: 69,
        pattern: '^sess_[A-Za-z0-9_-]{1,64}$',
        description:
          'Widget session, `sess_<id>`: send back the `sessionId` of the previous answer to continue its conversation. Only ids the server made for this key continue one; any other (unknown, made up, another key’s) starts a new session, whose id the answer returns.',
      }),
    ),
    topicId: Type.Optional(Type.String({ maxLength: 64 })),
    webSearch: Type.Optional(WebSearchFlag),
  },
  { additionalProperties: false },
);

const Line = Type.Integer({ minimum: 0, maximum: 10_000_000 });

/** A cited document (or web page) with the chunks the answer cites from it. */
export const Source = Type.Object(
  {
    id: Text(2000, { description: 'Document id (a web result: its URL)' }),
    kind: Type.Optional(Type.Literal('web', { description: 'Present on web search results only' })),
    url: Type.Optional(Text(2000, { format: 'uri' })),
    originalUrl: Type.Optional(
      Text(2000, {
        description:
          'Public (widget) answers of a key with `allowOriginals` only: a signed link to the document’s original, relative to the API base (`/api`), valid 10 minutes (`downloadPublicDocumentFile`). Absent on web results and stored answers',
      }),
    ),
    name: Text(2000, {
      description:
        'Document (file) name or web page title. Untrusted plain text: render it as text, never as HTML',
    }),
    score: Type.Number({ minimum: -1e6, maximum: 1e6 }),
    chunks: Type.Array(
      Type.Object(
        {
          citation: Type.Integer({ minimum: 1, maximum: 1000, description: 'The `[n]` in the answer' }),
          chunkId: Text(100),
          snippet: Type.Optional(
            Text(400, {
              description:
                'The chunk’s opening words. Untrusted plain text from a document: it may contain markup; render it as text, never as HTML',
            }),
          ),
          quote: Type.Optional(
            Text(401, {
              description:
                'The chunk’s sentence the answer cites it for (the one sharing most words with the sentence that carries `[n]`); absent when none matched. Untrusted plain text from a document: render it as text, never as HTML',
            }),
          ),
          page: Type.Union([Line, Type.Null()], { description: 'First page (PDF); null without pages' }),
          pageEnd: Type.Optional({ ...Line, description: 'Last page, when the chunk spans pages' }),
          sheet: Type.Optional(Text(255, { description: 'Spreadsheets: the sheet' })),
          rowStart: Type.Optional({ ...Line, description: 'Spreadsheets: first row (1-based, as shown)' }),
          rowEnd: Type.Optional({ ...Line, description: 'Spreadsheets: last row' }),
          slide: Type.Optional({ ...Line, description: 'Slide decks: the slide number' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
  },
  { $id: 'Source', additionalProperties: false },
);

/** `[n]` in the answer → what it cites; every marker in the text is a key here. */
export const CitationMap = Type.Record(
  Type.String({ pattern: '^[0-9]+$', maxLength: 4 }),
  Type.Object(
    {
      documentId: Text(100, { description: '`web` for a web result' }),
      chunkId: Text(100, { description: '`web_<n>` for a web result' }),
      kind: Type.Optional(Type.Literal('web')),
      url: Type.Optional(Text(2000, { format: 'uri' })),
    },
    { additionalProperties: false },
  ),
  { $id: 'CitationMap', maxProperties: 1000 },
);

const Answer = Text(100_000, {
  description:
    'Plain text quoted from or generated over documents: untrusted, it may contain markup (an `img` tag with an event handler, for instance). Render it as text, never as HTML; only `[n]` markers have a meaning (keys of `citationMap`)',
});

const SessionIdOut = Type.String({
  maxLength: 69,
  pattern: '^sess_[A-Za-z0-9_-]{1,64}$',
  description:
    'Public (widget) routes only: the session this answer belongs to, made by the server. Send it as `sessionId` with the next question to continue the conversation',
});
const Sources = Type.Array(Type.Ref('Source'), { maxItems: 100 });

/** The non-streaming answer: the text, its sources and citations. */
export const ChatAnswer = Type.Object(
  {
    answer: Answer,
    sources: Sources,
    citationMap: Type.Ref('CitationMap'),
    conversationId: Id(),
    messageId: Type.String({ maxLength: 64 }),
    sessionId: Type.Optional(SessionIdOut),
  },
  { $id: 'ChatAnswer', additionalProperties: false },
);
export const ChatAnswerResponse = Envelope(Type.Ref('ChatAnswer'));

/** SSE `data:` payloads of the two stream routes, discriminated by `type`. */
export const StreamTokenEvent = Type.Object(
  {
    type: Type.Literal('token'),
    content: Text(100_000, { description: 'The next piece of the answer: untrusted plain text, never HTML' }),
  },
  { $id: 'StreamTokenEvent', additionalProperties: false },
);
export const StreamSourcesEvent = Type.Object(
  { type: Type.Literal('sources'), sources: Sources },
  { $id: 'StreamSourcesEvent', additionalProperties: false },
);
export const StreamDoneEvent = Type.Object(
  {
    type: Type.Literal('done'),
    citationMap: Type.Ref('CitationMap'),
    conversationId: Id(),
    messageId: Type.String({ maxLength: 64 }),
    sessionId: Type.Optional(SessionIdOut),
  },
  { $id: 'StreamDoneEvent', additionalProperties: false },
);
export const StreamErrorEvent = Type.Object(
  {
    type: Type.Literal('error'),
    error: Type.Object(
      {
        code: Type.Ref('ErrorCode'),
        message: Text(2000),
        retryAfter: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'StreamErrorEvent', additionalProperties: false },
);
export const ChatStreamEvent = Type.Union(
  [
    Type.Ref('StreamTokenEvent'),
    Type.Ref('StreamSourcesEvent'),
    Type.Ref('StreamDoneEvent'),
    Type.Ref('StreamErrorEvent'),
  ],
  {
    $id: 'ChatStreamEvent',
    description: 'One SSE event: the JSON after `data: `',
    discriminator: {
      propertyName: 'type',
      mapping: {
        token: '#/components/schemas/StreamTokenEvent',
        sources: '#/components/schemas/StreamSourcesEvent',
        done: '#/components/schemas/StreamDoneEvent',
        error: '#/components/schemas/StreamErrorEvent',
      },
    },
  },
);

export const STREAM_DESCRIPTION =
  'Server-Sent Events (send `Accept: text/event-stream`), each event one line `data: <JSON>` (a `ChatStreamEvent`): ' +
  'zero or more `token` events (`content`: the next piece of text), one `sources`, then `done` with the ' +
  '`citationMap`, `conversationId`, `messageId` and, on the public route, the server-made `sessionId`. Every `[n]` in the tokens is a key of `citationMap`. ' +
  'Anything refused before the stream starts (validation, auth, unknown conversation, web search unavailable) is ' +
  'an ordinary JSON error response with its status; a failure after the stream started is sent as an `error` event ' +
  'and ends the stream. Comment lines `: ping` every 15 s keep proxies from closing an idle stream.';

/**
 * The 200 of a stream route: `text/event-stream` whose schema is the event a client reads from
 * each `data:` line, the `ChatStreamEvent` union (`oneOf` by `type`), so client generators type
 * the stream's items as events rather than as raw `{event, data: string}` frames (issue 25).
 */
export const StreamResponse = {
  description:
    'The answer as Server-Sent Events; each `data:` line holds one `ChatStreamEvent` (JSON). Read the body as a stream: it is not one JSON document',
  content: { 'text/event-stream': { schema: Type.Ref('ChatStreamEvent') } },
};
