import { Type } from 'typebox';
import { Count, Envelope, Id, Name, Text, Timestamp } from './common.ts';

const Days = Type.Integer({
  minimum: 1,
  maximum: 365,
  default: 30,
  description: 'How many days back, today (UTC) included',
});

export const InsightsQuery = Type.Object({ days: Days }, { additionalProperties: false });

export const InsightsCsvQuery = Type.Object(
  {
    days: Days,
    table: Type.Enum(['days', 'questions'], {
      default: 'days',
      description:
        '`days`: one row per day (questions, refused, thumbs up/down, console, widget); `questions`: the unanswered and thumbs-down questions',
    }),
  },
  { additionalProperties: false },
);

const Day = Type.String({ format: 'date', maxLength: 10, description: 'UTC day, YYYY-MM-DD' });
const Channel = Type.Enum(['console', 'widget'], {
  description: '`console`: a signed-in user asked; `widget`: an API key did (the widget or a server)',
});

const counts = {
  questions: Count(),
  refused: Count({ description: 'Answers that cited nothing' }),
  thumbsUp: Count(),
  thumbsDown: Count(),
  console: Count({ description: 'Questions asked by signed-in users' }),
  widget: Count({ description: 'Questions asked with an API key (widget)' }),
};

const question = {
  messageId: Id({ description: 'The answer' }),
  conversationId: Id(),
  question: Text(100_000),
  askedAt: Timestamp(),
  channel: Channel,
};

export const InsightsResponse = Envelope(
  Type.Object(
    {
      days: Type.Integer({ minimum: 1, maximum: 365 }),
      totals: Type.Object(counts, { additionalProperties: false }),
      questionsPerDay: Type.Array(Type.Object({ date: Day, ...counts }, { additionalProperties: false }), {
        maxItems: 365,
        description:
          'Every day of the window, oldest first, zeros included; counted on the day of the answer',
      }),
      unanswered: Type.Array(Type.Object(question, { additionalProperties: false }), {
        maxItems: 50,
        description: 'The latest questions answered with a refusal, newest first',
      }),
      thumbsDown: Type.Array(
        Type.Object(
          {
            ...question,
            answer: Text(300, { description: 'The start of the answer' }),
            ratedAt: Timestamp(),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 50,
          description: 'The latest questions whose answer was rated thumbs down, newest first',
        },
      ),
      mostCited: Type.Array(
        Type.Object(
          {
            documentId: Id(),
            name: Name(),
            citations: Count({ description: 'Answers citing the document' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20, description: 'Documents cited by the most answers, most first' },
      ),
    },
    { additionalProperties: false },
  ),
);

export const InsightsConversationParams = Type.Object({ id: Id() }, { additionalProperties: false });

export const InsightsConversationResponse = Envelope(
  Type.Object(
    {
      id: Id(),
      title: Text(255),
      channel: Channel,
      createdAt: Timestamp(),
      messages: Type.Array(
        Type.Object(
          {
            id: Id(),
            role: Type.Enum(['user', 'assistant']),
            content: Text(100_000),
            createdAt: Timestamp(),
            refused: Type.Boolean({ description: 'An answer that cited nothing' }),
            feedback: Type.Union([Type.Enum(['up', 'down']), Type.Null()]),
          },
          { additionalProperties: false },
        ),
        { maxItems: 500, description: 'The first 500 messages, oldest first' },
      ),
    },
    { additionalProperties: false },
  ),
);
