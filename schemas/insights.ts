import { Type } from 'typebox';
import { Count, Envelope, Id, Name, Text, Timestamp } from './common.ts';

export const InsightsQuery = Type.Object(
  {
    days: Type.Integer({
      minimum: 1,
      maximum: 365,
      default: 30,
      description: 'How many days back, today (UTC) included',
    }),
  },
  { additionalProperties: false },
);

const Day = Type.String({ format: 'date', maxLength: 10, description: 'UTC day, YYYY-MM-DD' });

export const InsightsResponse = Envelope(
  Type.Object(
    {
      days: Type.Integer({ minimum: 1, maximum: 365 }),
      totals: Type.Object(
        {
          questions: Count(),
          refused: Count({ description: 'Answers that cited nothing' }),
          thumbsUp: Count(),
          thumbsDown: Count(),
        },
        { additionalProperties: false },
      ),
      questionsPerDay: Type.Array(
        Type.Object({ date: Day, questions: Count(), refused: Count() }, { additionalProperties: false }),
        { maxItems: 365, description: 'Every day of the window, oldest first, zeros included' },
      ),
      unanswered: Type.Array(
        Type.Object(
          {
            messageId: Id(),
            conversationId: Id(),
            question: Text(100_000),
            askedAt: Timestamp(),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50, description: 'The latest questions answered with a refusal, newest first' },
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
