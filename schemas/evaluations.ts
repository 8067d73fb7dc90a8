import { Type } from 'typebox';
import { Count, Envelope, Id, ListQuery, Name, Paginated, Text, Timestamp } from './common.ts';

const Rate = (description: string) =>
  Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: `${description}; share in 0..1, null when no question applies`,
  });
const Ms = (description: string) =>
  Type.Union([Type.Number({ minimum: 0, maximum: 86_400_000 }), Type.Null()], { description });
const Names = (description: string) => Type.Array(Name(), { maxItems: 100, description });

export const EvaluationSettings = Type.Object(
  {
    topK: Type.Integer({ minimum: 1, maximum: 1000, description: 'Chunks retrieved per question' }),
    retrievalMode: Type.String({
      maxLength: 20,
      examples: ['hybrid'],
      description: 'Retrieval mode that ran',
    }),
    provider: Type.String({
      maxLength: 40,
      examples: ['extractive'],
      description: 'LLM_PROVIDER of the worker',
    }),
    model: Type.Union([Text(200), Type.Null()], { description: 'The provider’s model, if any' }),
  },
  {
    $id: 'EvaluationSettings',
    additionalProperties: false,
    description: 'What the run answered with, snapshotted when it started',
  },
);

const Percentiles = (description: string) =>
  Type.Object(
    { p50: Ms(`${description} p50, ms`), p95: Ms(`${description} p95, ms`) },
    { additionalProperties: false },
  );

export const EvaluationTotals = Type.Object(
  {
    questions: Count(),
    answerable: Count(),
    unanswerable: Count(),
    hitAtK: Rate('Answerable questions with an expected document among the topK retrieved chunks (hit@k)'),
    rightCitation: Rate('Answerable questions whose answer cites an expected document'),
    contains: Rate(
      'Answerable questions answered with an expected string in the answer (SQuAD normalisation)',
    ),
    leadAnswer: Type.Optional(
      Rate(
        'Answerable questions whose answer’s first sentence holds an expected string (absent in runs made before it was measured)',
      ),
    ),
    tokenF1: Rate(
      'Mean SQuAD token F1 of the answer vs the best expected string (answerable; a refusal scores 0)',
    ),
    squadF1: Rate('Mean SQuAD 2.0 F1 over all questions (a refused unanswerable question scores 1)'),
    falseRefusals: Rate('Answerable questions refused'),
    refusalsOnUnanswerable: Rate('Unanswerable questions refused'),
    containsByKind: Type.Object(
      {
        fact: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
        table: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
        followup: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
      },
      { additionalProperties: false, description: '`contains` per kind of answerable question present' },
    ),
    errors: Count({ description: 'Questions whose answering failed (counted as refused)' }),
    latencyMs: Percentiles('Request to the end of the answer'),
    ttftMs: Percentiles('Request to the first token'),
  },
  {
    $id: 'EvaluationTotals',
    additionalProperties: false,
    description: 'Rules: docs/evaluations.md "Figures"',
  },
);

const evaluationProperties = {
  id: Id({ examples: ['eval_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
  name: Name(),
  status: Type.Enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']),
  questionCount: Count(),
  completedCount: Count({ description: 'Questions answered so far' }),
  settings: Type.Union([Type.Ref('EvaluationSettings'), Type.Null()], {
    description: 'null until the run starts',
  }),
  totals: Type.Union([Type.Ref('EvaluationTotals'), Type.Null()], { description: 'null until COMPLETED' }),
  error: Type.Union([Text(500), Type.Null()], { description: 'Why the run FAILED' }),
  createdBy: Type.Union([Id(), Type.Null()], { description: 'The admin who started it (null once deleted)' }),
  createdAt: Timestamp(),
  startedAt: Type.Union([Timestamp(), Type.Null()]),
  completedAt: Type.Union([Timestamp(), Type.Null()]),
};

/** A run without its per-question results (list items, the 202 of a new run). */
export const Evaluation = Type.Object(evaluationProperties, {
  $id: 'Evaluation',
  additionalProperties: false,
});

export const EvaluationQuestion = Type.Object(
  {
    id: Text(100),
    question: Text(2000),
    expected: Type.Array(Text(500), { maxItems: 20 }),
    documents: Names('Document names whose chunks are right citations'),
    unanswerable: Type.Boolean(),
    kind: Type.Enum(['fact', 'table', 'followup', 'unanswerable']),
    history: Type.Array(Text(2000), { maxItems: 10, description: 'Asked first, in one conversation' }),
  },
  { $id: 'EvaluationQuestion', additionalProperties: false },
);

export const EvaluationResult = Type.Object(
  {
    question: Type.Ref('EvaluationQuestion'),
    answer: Text(100_000, { description: 'The answer as shown, citation markers included' }),
    refused: Type.Boolean({ description: 'The answer cited nothing (citationMap empty)' }),
    citedDocuments: Names('Documents the answer cites'),
    retrievedDocuments: Names('Documents of the chunks retrieval returned (topK), best first'),
    latencyMs: Type.Number({ minimum: 0, maximum: 86_400_000 }),
    ttftMs: Ms('To the first token; null when none came'),
    error: Type.Optional(Text(500, { description: 'Why answering failed' })),
    scores: Type.Object(
      {
        hit: Type.Union([Type.Boolean(), Type.Null()]),
        rightCitation: Type.Union([Type.Boolean(), Type.Null()]),
        contains: Type.Union([Type.Boolean(), Type.Null()]),
        leadContains: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
        tokenF1: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
        squadF1: Type.Number({ minimum: 0, maximum: 1 }),
      },
      { additionalProperties: false, description: 'null where a score does not apply to the question' },
    ),
  },
  { $id: 'EvaluationResult', additionalProperties: false },
);

export const EvaluationDetail = Envelope(
  Type.Object(
    { ...evaluationProperties, results: Type.Array(Type.Ref('EvaluationResult'), { maxItems: 1000 }) },
    { additionalProperties: false },
  ),
);

const JSONL_EXAMPLE =
  '{"id":"faa-1","question":"By when must comments reach the FAA?","expected":["September 21, 2020"],"documents":["federal-register-2020-17221.pdf"]}\n{"question":"What is the capital of Mars?","unanswerable":true}';

export const CreateEvaluationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, examples: ['Before raising topK'] }),
    format: Type.Enum(['jsonl', 'csv'], { description: 'JSON Lines, or CSV with a header row' }),
    content: Type.String({
      minLength: 1,
      maxLength: 1_000_000,
      description: 'The question set (docs/evaluations.md "Question sets"): at most 1,000 questions and 1 MB',
      examples: [JSONL_EXAMPLE],
    }),
  },
  { additionalProperties: false },
);

export const EvaluationList = Paginated(Type.Ref('Evaluation'));
export const EvaluationAccepted = Envelope(Type.Ref('Evaluation'));
export const EvaluationListQuery = Type.Object(
  { page: ListQuery.page, limit: ListQuery.limit, order: ListQuery.order },
  { additionalProperties: false },
);

/** The multipart form of `uploadEvaluation`. */
export const EvaluationUploadForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      minLength: 1,
      maxLength: 1_000_000,
      description:
        'The question set, UTF-8: a `.csv` name reads as CSV, any other as JSON Lines; at most 1 MB',
    }),
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Default: the file name' }),
    ),
  },
  { additionalProperties: false },
);
