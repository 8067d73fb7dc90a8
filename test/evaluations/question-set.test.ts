import { test, type Test } from 'tap';
import { LIMITS, parseQuestionSet } from '../../src/evaluations/question-set.ts';
import { AppError } from '../../src/lib/errors.ts';

const jsonl = (...lines: object[]) => lines.map((l) => JSON.stringify(l)).join('\n');

/** The VALIDATION_ERROR a bad set throws, with its details. */
function rejection(t: Test, content: string, format: 'jsonl' | 'csv' = 'jsonl') {
  try {
    parseQuestionSet(content, format);
  } catch (err) {
    t.ok(err instanceof AppError);
    t.equal((err as AppError).code, 'VALIDATION_ERROR');
    return err as AppError;
  }
  t.fail('expected a VALIDATION_ERROR');
  throw new Error('unreachable');
}

test('JSONL: defaults, kinds and history', async (t) => {
  const set = parseQuestionSet(
    jsonl(
      { id: 'faa-1', question: ' When? ', expected: ['September 21, 2020'], documents: ['a.pdf'] },
      { question: 'And the docket?', expected: ['FAA-2020-0686'], history: ['When?'] },
      { question: 'Capital of Mars?', unanswerable: true },
    ) + '\n\n',
    'jsonl',
  );
  t.same(
    set.map((q) => [q.id, q.question, q.kind, q.unanswerable, q.history]),
    [
      ['faa-1', 'When?', 'fact', false, []],
      ['q2', 'And the docket?', 'followup', false, ['When?']],
      ['q3', 'Capital of Mars?', 'unanswerable', true, []],
    ],
  );
});

test('JSONL: each bad line is named', async (t) => {
  const err = rejection(
    t,
    [
      '{"question": "fine", "expected": ["x"]}',
      'not json',
      '{"question": "", "expected": ["x"]}',
      '{"question": "q", "unanswerable": true, "expected": ["x"]}',
      '{"question": "q"}',
      '{"question": "q", "expected": ["x"], "kind": "essay"}',
      '{"question": "q", "expected": ["x"], "colour": 1}',
      '{"question": "q", "expected": "x"}',
      '{"id": "x1", "question": "q", "expected": ["x"]}',
      '{"id": "x1", "question": "q", "expected": ["x"]}',
    ].join('\n'),
  );
  t.same(
    err.details!.map((d) => d.field),
    ['line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8', 'line 10'],
  );
  t.match(err.details![0]!.reason, /not valid JSON/);
  t.match(err.details![5]!.reason, /unknown field "colour"/);
  t.match(err.details![7]!.reason, /duplicate id "x1"/);
  t.match(err.message, /line 2/);
});

test('bounds: empty, too many questions, too many bytes, long question', async (t) => {
  t.match(rejection(t, '\n \n').message, /no question/);
  const many = Array.from({ length: LIMITS.maxQuestions + 1 }, (_, i) => ({
    question: `q${i}`,
    expected: ['x'],
  }));
  t.match(rejection(t, jsonl(...many)).message, /more than 1000 questions/);
  t.match(rejection(t, 'x'.repeat(LIMITS.maxBytes + 1)).message, /larger than/);
  const long = rejection(t, jsonl({ question: 'q'.repeat(2001), expected: ['x'] }));
  t.match(long.details![0]!.reason, /2000 characters/);
});

test('CSV: header row, list cells split on " | ", booleans', async (t) => {
  const set = parseQuestionSet(
    [
      'question,expected,documents,unanswerable,kind,history',
      '"Which fax, then?",202-493-2251 | 202–493–2251,a.pdf,,,',
      'Capital of Mars?,,,true,,',
      'And Kentucky?,"1,234",nics.pdf,,table,Checks in Ohio? | And in 2020?',
    ].join('\r\n'),
    'csv',
  );
  t.same(set[0]!.expected, ['202-493-2251', '202–493–2251']);
  t.equal(set[0]!.question, 'Which fax, then?');
  t.equal(set[1]!.unanswerable, true);
  t.equal(set[1]!.kind, 'unanswerable');
  t.same(set[2]!.history, ['Checks in Ohio?', 'And in 2020?']);
  t.equal(set[2]!.kind, 'table');
  t.same(set[2]!.expected, ['1,234']);
});

test('CSV: unknown columns, a missing question column and bad rows are refused', async (t) => {
  t.match(rejection(t, 'question,colour\nq,red', 'csv').details![0]!.reason, /unknown column "colour"/);
  t.match(rejection(t, 'expected\nx', 'csv').details![0]!.reason, /no "question" column/);
  const err = rejection(t, 'question,expected,unanswerable\nq,x,\nq2,,maybe', 'csv');
  t.same(err.details, [{ field: 'line 3', reason: 'unanswerable must be true or false' }]);
});
