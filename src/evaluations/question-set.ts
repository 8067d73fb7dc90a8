/**
 * Question sets for evaluations (docs/evaluations.md): JSON Lines or CSV, parsed and validated
 * before anything runs. Shared by `POST /api/evaluations`, `npm run bench:answers` and the
 * fixtures under test/fixtures/answers/.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { validationError, type ErrorDetail } from '../lib/errors.ts';

export const QUESTION_KINDS = ['fact', 'table', 'followup', 'unanswerable'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type QuestionSetFormat = 'jsonl' | 'csv';

/** One question, validated. An unanswerable one has no `expected` and no `documents`. */
export interface Question {
  /** Unique within the set; `q<line>` when the set gives none. */
  id: string;
  question: string;
  /** Answer strings: the answer is right when it contains any of them (metrics.ts `containsAny`). */
  expected: string[];
  /** Document names (as uploaded) whose chunks are right citations; may be empty. */
  documents: string[];
  unanswerable: boolean;
  kind: QuestionKind;
  /** Earlier questions of the same conversation, asked first, in this order. */
  history: string[];
}

/** Bounds of one set: 1,000 questions, 1 MB (bytes of UTF-8), and per-field lengths (characters). */
export const LIMITS = {
  maxQuestions: 1000,
  maxBytes: 1_000_000,
  questionChars: 2000,
  idChars: 100,
  expectedItems: 20,
  expectedChars: 500,
  documentItems: 20,
  documentChars: 255,
  historyItems: 10,
} as const;

const FIELDS = ['id', 'question', 'expected', 'documents', 'unanswerable', 'kind', 'history'];
/** CSV list cells hold several values separated by this. */
export const LIST_SEPARATOR = ' | ';

class LineError extends Error {}

function stringList(value: unknown, field: string, maxItems: number, maxChars: number): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new LineError(`${field} must be an array of strings`);
  if (value.length > maxItems) throw new LineError(`${field} holds more than ${maxItems} items`);
  return value.map((v) => {
    if (typeof v !== 'string' || !v.trim()) throw new LineError(`${field} must hold non-empty strings`);
    if (v.length > maxChars) throw new LineError(`${field} items are limited to ${maxChars} characters`);
    return v.trim();
  });
}

/** Validates one record (already decoded from JSON or CSV) into a Question. */
function toQuestion(raw: unknown, line: number): Question {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new LineError('must be a JSON object');
  const r = raw as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !FIELDS.includes(k));
  if (unknown.length) throw new LineError(`unknown field ${unknown.map((k) => `"${k}"`).join(', ')}`);
  if (typeof r.question !== 'string' || !r.question.trim()) throw new LineError('question is required');
  if (r.question.length > LIMITS.questionChars)
    throw new LineError(`question is limited to ${LIMITS.questionChars} characters`);
  if (r.id !== undefined && (typeof r.id !== 'string' || !r.id.trim() || r.id.length > LIMITS.idChars))
    throw new LineError(`id must be a string of 1–${LIMITS.idChars} characters`);
  if (r.unanswerable !== undefined && typeof r.unanswerable !== 'boolean')
    throw new LineError('unanswerable must be true or false');
  const unanswerable = r.unanswerable === true;
  const expected = stringList(r.expected, 'expected', LIMITS.expectedItems, LIMITS.expectedChars);
  const documents = stringList(r.documents, 'documents', LIMITS.documentItems, LIMITS.documentChars);
  const history = stringList(r.history, 'history', LIMITS.historyItems, LIMITS.questionChars);
  if (unanswerable && (expected.length || documents.length))
    throw new LineError('an unanswerable question has no expected answers and no documents');
  if (!unanswerable && !expected.length) throw new LineError('expected is required (or unanswerable: true)');
  if (r.kind !== undefined && !QUESTION_KINDS.includes(r.kind as QuestionKind))
    throw new LineError(`kind must be one of ${QUESTION_KINDS.join(', ')}`);
  const kind: QuestionKind =
    (r.kind as QuestionKind | undefined) ??
    (unanswerable ? 'unanswerable' : history.length ? 'followup' : 'fact');
  if ((kind === 'unanswerable') !== unanswerable)
    throw new LineError('kind "unanswerable" goes with unanswerable: true, and only with it');
  return {
    id: typeof r.id === 'string' ? r.id.trim() : `q${line}`,
    question: r.question.trim(),
    expected,
    documents,
    unanswerable,
    kind,
    history,
  };
}

/** A CSV row's cells as the JSON record they stand for: list cells split, booleans read. */
function fromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(row)) {
    const value = cell.trim();
    if (!value) continue;
    if (key === 'expected' || key === 'documents' || key === 'history')
      record[key] = value.split(LIST_SEPARATOR.trim()).map((s) => s.trim());
    else if (key === 'unanswerable') {
      if (!/^(true|false|yes|no|1|0)$/i.test(value))
        throw new LineError('unanswerable must be true or false');
      record[key] = /^(true|yes|1)$/i.test(value);
    } else record[key] = value;
  }
  return record;
}

function records(content: string, format: QuestionSetFormat): { line: number; raw: () => unknown }[] {
  if (format === 'jsonl') {
    return content
      .split('\n')
      .map((text, i) => ({ line: i + 1, text: text.trim() }))
      .filter((l) => l.text)
      .map(({ line, text }) => ({
        line,
        raw: () => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            throw new LineError('is not valid JSON');
          }
        },
      }));
  }
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(content, {
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim());
        const unknown = names.filter((n) => !FIELDS.includes(n));
        if (unknown.length) throw new Error(`unknown column ${unknown.map((n) => `"${n}"`).join(', ')}`);
        if (!names.includes('question')) throw new Error('the header row has no "question" column');
        return names;
      },
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
    }) as Record<string, string>[];
  } catch (err) {
    throw validationError('The question set is not valid CSV', [
      { field: 'content', reason: (err as Error).message.slice(0, 300) },
    ]);
  }
  // Line numbers count the header row as line 1 (multi-line quoted cells shift them; rows stay exact).
  return rows.map((row, i) => ({ line: i + 2, raw: () => fromCsvRow(row) }));
}

/**
 * Parses and validates a question set.
 * @param content the set's text (UTF-8 decoded), at most LIMITS.maxBytes bytes.
 * @returns the questions in file order.
 * @throws 400 VALIDATION_ERROR naming the bad line(s) in `details` (`field: "line 7"`, at most 20),
 *   for a set that is empty, too large, has too many questions or duplicate ids.
 */
export function parseQuestionSet(content: string, format: QuestionSetFormat): Question[] {
  if (Buffer.byteLength(content, 'utf8') > LIMITS.maxBytes)
    throw validationError(`The question set is larger than ${LIMITS.maxBytes} bytes`, [
      { field: 'content', reason: `at most ${LIMITS.maxBytes} bytes` },
    ]);
  const rows = records(content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), format);
  if (!rows.length)
    throw validationError('The question set holds no question', [{ field: 'content', reason: 'empty' }]);
  if (rows.length > LIMITS.maxQuestions)
    throw validationError(`The question set holds more than ${LIMITS.maxQuestions} questions`, [
      { field: 'content', reason: `${rows.length} questions; at most ${LIMITS.maxQuestions}` },
    ]);
  const details: ErrorDetail[] = [];
  const questions: Question[] = [];
  const ids = new Set<string>();
  for (const { line, raw } of rows) {
    try {
      const q = toQuestion(raw(), line);
      if (ids.has(q.id)) throw new LineError(`duplicate id "${q.id}"`);
      ids.add(q.id);
      questions.push(q);
    } catch (err) {
      if (!(err instanceof LineError)) throw err;
      details.push({ field: `line ${line}`, reason: err.message });
    }
  }
  if (details.length)
    throw validationError(
      `The question set has ${details.length} invalid line(s); the first is ${details[0]!.field}: ${details[0]!.reason}`,
      details.slice(0, 20),
    );
  return questions;
}
