/**
 * Keeps the answer-quality question sets honest (test/fixtures/answers, issue 20): the format that
 * `npm run bench:answers` and the evaluation API read, the counts per kind, dev and test kept
 * apart, and every expected answer present in the text that the service's own parsers extract
 * from the documents the question names.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDocument } from '../../src/ingestion/parsers/index.ts';
import { sniffFormat } from '../../src/ingestion/sniff.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/answers');
/** As in test/helpers/app.ts (not imported here: it builds the whole app). */
const DOCUMENTS = join(resolve(process.env.DATASETS_DIR ?? '../shared/datasets'), 'documents');

const KINDS = ['fact', 'table', 'followup', 'unanswerable'] as const;
type Kind = (typeof KINDS)[number];

interface Question {
  id: string;
  question: string;
  expected?: string[];
  documents?: string[];
  unanswerable?: boolean;
  kind: Kind;
  history: string[];
}

/** The minimum count per kind in each file (the brief of issue 20). */
const MINIMUM: Record<string, Record<Kind, number>> = {
  'questions.jsonl': { fact: 30, table: 12, followup: 12, unanswerable: 16 },
  'dev.jsonl': { fact: 10, table: 5, followup: 4, unanswerable: 5 },
};

/**
 * The answer normalisation of the sets (SQuAD's, plus Unicode dashes and citation markers): lower
 * case, `[2]` markers removed, punctuation and symbols removed, the articles a/an/the removed,
 * whitespace collapsed.
 */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\[\d+\]/g, ' ')
    .replace(/[\p{P}\p{S}]/gu, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same, without any whitespace: "35 007", "35,007" and "35007" all read "35007". */
const compact = (text: string): string => normalise(text).replace(/ /g, '');

/**
 * The words of a text, punctuation read as a space, for finding an answer as whole words:
 * "Nurminen's" holds the word "nurminen", "<to>Tove</to>" the word "tove", "260" not "26".
 */
const words = (text: string): string =>
  normalise(text.replace(/\[\d+\]/g, ' ').replace(/[\p{P}\p{S}]/gu, ' '));

function load(name: string): Question[] {
  const lines = readFileSync(join(FIXTURES, name), 'utf8').split('\n');
  return lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Question);
}

const files = Object.keys(MINIMUM);
const sets = new Map(files.map((name) => [name, load(name)]));

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

for (const [name, questions] of sets) {
  t.test(`${name}: fields, kinds and counts`, async (t) => {
    const ids = new Set<string>();
    const texts = new Set<string>();
    const counts: Record<Kind, number> = { fact: 0, table: 0, followup: 0, unanswerable: 0 };
    for (const q of questions) {
      const where = `${name} ${q.id}`;
      t.ok(nonEmptyString(q.id), `${where}: id`);
      t.notOk(ids.has(q.id), `${where}: id is unique`);
      ids.add(q.id);
      t.ok(nonEmptyString(q.question), `${where}: question`);
      t.notOk(texts.has(normalise(q.question)), `${where}: question is not repeated`);
      texts.add(normalise(q.question));
      t.ok(KINDS.includes(q.kind), `${where}: kind "${q.kind}"`);
      counts[q.kind] += 1;
      t.ok(
        Array.isArray(q.history) && q.history.every(nonEmptyString),
        `${where}: history is a list of questions`,
      );
      if (q.kind === 'followup') {
        t.ok(
          q.history.length >= 1 && q.history.length <= 2,
          `${where}: a follow-up has 1-2 earlier questions`,
        );
      } else {
        t.equal(q.history.length, 0, `${where}: only follow-ups have a history`);
      }
      if (q.kind === 'unanswerable') {
        t.equal(q.unanswerable, true, `${where}: unanswerable: true`);
        t.equal(q.expected, undefined, `${where}: no expected answers`);
        t.equal(q.documents, undefined, `${where}: no documents`);
      } else {
        t.notOk(q.unanswerable, `${where}: answerable`);
        t.ok(Array.isArray(q.expected) && q.expected.length > 0, `${where}: expected answers`);
        t.ok(q.expected?.every(nonEmptyString), `${where}: expected answers are strings`);
        t.ok(Array.isArray(q.documents) && q.documents.length > 0, `${where}: documents`);
        t.ok(q.documents?.every(nonEmptyString), `${where}: documents are file names`);
      }
    }
    for (const kind of KINDS) {
      t.ok(
        counts[kind] >= MINIMUM[name]![kind],
        `${name}: ${counts[kind]} ${kind} (at least ${MINIMUM[name]![kind]})`,
      );
    }
    const factDocuments = new Set(
      questions.filter((q) => q.kind === 'fact').flatMap((q) => q.documents ?? []),
    );
    if (name === 'questions.jsonl')
      t.ok(factDocuments.size >= 10, `fact questions over ${factDocuments.size} documents`);
  });
}

t.test('dev and test share no question and no answer', async (t) => {
  const test = sets.get('questions.jsonl')!;
  const dev = sets.get('dev.jsonl')!;
  const asked = (qs: Question[]) => new Set(qs.flatMap((q) => [q.question, ...q.history].map(normalise)));
  const testAsked = asked(test);
  for (const q of dev) {
    for (const text of [q.question, ...q.history]) {
      t.notOk(testAsked.has(normalise(text)), `dev ${q.id}: "${text}" is not in the test set`);
    }
  }
  // The same answer from the same document in both files would be the same fact.
  const facts = (qs: Question[]) =>
    new Map(
      qs.flatMap((q) =>
        (q.documents ?? []).flatMap((d) =>
          (q.expected ?? []).map((e) => [`${d}\u0000${compact(e)}`, q.id] as const),
        ),
      ),
    );
  const testFacts = facts(test);
  for (const [key, id] of facts(dev)) {
    const other = testFacts.get(key);
    t.notOk(other, `dev ${id} and test ${other ?? ''} expect the same answer from the same document`);
  }
  const ids = new Set(test.map((q) => q.id));
  t.notOk(
    dev.some((q) => ids.has(q.id)),
    'no id in both files',
  );
});

t.test(
  'every expected answer is in the text the parsers extract from its documents',
  { skip: !existsSync(DOCUMENTS) && `documents not found at ${DOCUMENTS} (set DATASETS_DIR)` },
  async (t) => {
    const paths = new Map<string, string>();
    for (const dir of readdirSync(DOCUMENTS)) {
      for (const file of readdirSync(join(DOCUMENTS, dir))) paths.set(file, join(DOCUMENTS, dir, file));
    }
    const needed = new Set([...sets.values()].flat().flatMap((q) => q.documents ?? []));
    const texts = new Map<string, { strict: string; compact: string }>();
    for (const name of needed) {
      const path = paths.get(name);
      t.ok(path, `${name} is one of the documents`);
      if (!path) continue;
      const bytes = new Uint8Array(readFileSync(path));
      const sniffed = await sniffFormat(bytes, name);
      if (!sniffed) {
        t.fail(`${name}: format not recognised`);
        continue;
      }
      // Scanned PDFs are read as ingestion reads them with OCR on (its defaults: OCR_MAX_PAGES, OCR_DPI).
      const parsed = await parseDocument(sniffed.format, bytes, { ocr: { maxPages: 30, dpi: 300 } });
      const text = parsed.blocks.map((b) => b.text).join('\n');
      texts.set(name, { strict: ` ${words(text)} `, compact: compact(text) });
    }
    for (const [file, questions] of sets) {
      for (const q of questions) {
        if (q.unanswerable) continue;
        const docs = (q.documents ?? []).map((d) => texts.get(d)).filter((d) => d !== undefined);
        const expected = q.expected ?? [];
        // Each listed document holds at least one expected string as written, as whole words.
        for (const [i, doc] of docs.entries()) {
          t.ok(
            expected.some((e) => doc.strict.includes(` ${words(e)} `)),
            `${file} ${q.id}: ${q.documents![i]} contains one of ${JSON.stringify(expected)}`,
          );
        }
        // Every variant is in one of its documents up to spacing ("35 007" / "35,007" / "35007").
        for (const e of expected) {
          t.ok(
            docs.some((doc) => doc.compact.includes(compact(e))),
            `${file} ${q.id}: "${e}" is in ${q.documents!.join(' or ')}`,
          );
        }
      }
    }
  },
);
