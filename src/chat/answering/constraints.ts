/**
 * The question's constraints checked against the evidence of its best candidate sentence. A
 * near-miss question ("… in 2010?", "… in Seattle?", "… ammunition checks …") asks about the
 * documents' subject but fixes a year, a place, a name or a measure that the best evidence does
 * not have: the sentence may match every other word, yet it answers another question. These
 * checks read what the question fixes, not how it is worded, so they survive paraphrase.
 */
import type { FeatureRow } from './logistic.ts';
import { TABLE_ROW, type Candidate } from './candidates.ts';
import type { SourceInfo } from './features.ts';
import { namesOf } from './features.ts';
import { ASKS_WHO, termsOf } from '../llm/sentence-scoring.ts';
import { holdsOtherForm } from './name-forms.ts';

const YEAR = /\b(1[5-9]\d\d|20\d\d)\b/g;
const MONTH = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/gi;

/** Lower-cased text with words padded by spaces, so `has(" ohio ")` matches whole words only. */
const padded = (text: string) => ` ${(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;
const valuesOf = (text: string, pattern: RegExp) =>
  new Set([...text.matchAll(pattern)].map((m) => m[0].toLowerCase()));

/**
 * True when the question fixes a value of a kind (a year, a month) that `evidence` lacks while
 * holding another of that kind: "Firefox's usage share in 2010" against "As of late 2015, …".
 */
export function contradicts(question: string, evidence: string, pattern: RegExp): boolean {
  const asked = valuesOf(question, pattern);
  if (asked.size === 0) return false;
  const held = valuesOf(evidence, pattern);
  return [...asked].some((v) => !held.has(v)) && [...held].some((v) => !asked.has(v));
}

/** A name or figure is held by `text` as whole words, or (a name) run together: "LayoutParser" ~ "layout-parser". */
function holds(text: string, name: string): boolean {
  const squeeze = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return (
    padded(text).includes(padded(name)) ||
    (/\p{L}/u.test(name) && squeeze(text).includes(squeeze(name))) ||
    holdsOtherForm(text, name)
  );
}
/** Whether a word is a month's name, in any case. */
export const isMonth = (name: string) => new RegExp(`^(${MONTH.source})$`, 'i').test(name);

/** What people call a file of each extension ("the Markdown table", "the Word file"). */
const FORMAT_NAMES: Record<string, string> = {
  md: 'markdown',
  markdown: 'markdown',
  pdf: 'pdf',
  docx: 'docx word',
  doc: 'doc word',
  html: 'html web page',
  htm: 'html web page',
  xlsx: 'xlsx excel spreadsheet',
  xls: 'xls excel spreadsheet',
  csv: 'csv spreadsheet',
  txt: 'text',
};

/** The names of a document's format, from its extension ("report.md" → "markdown"), or ''. */
export function formatNamesOf(documentName: string): string {
  return FORMAT_NAMES[/\.(\w+)$/.exec(documentName)?.[1]?.toLowerCase() ?? ''] ?? '';
}

/**
 * A chunk's text without its tables' data rows: its prose, and the first row of each run of
 * table rows (a table's header, which the chunker repeats in each chunk a table continues in).
 * A name in a data row is a cell's value ("San Jose" in a WARN row), not what the chunk is about.
 */
export function withoutDataRows(text: string): string {
  const lines = text.split('\n');
  return lines
    .filter((line, i) => !TABLE_ROW.test(line) || i === 0 || !TABLE_ROW.test(lines[i - 1]!))
    .join('\n');
}

/**
 * True when a name of the question (`namesOf`, words only: a table's month is in its title or
 * header, and figures are left out) is absent from the table row `row` and is not the sources'
 * topic — in the document's name or headings of the row's source, or in the prose or table
 * headers of two or more retrieved chunks (`withoutDataRows`). "Yahoo" asked of Qualcomm's San
 * Jose row, "Oregon" of a WARN report's month, "San Jose" of a Yahoo row when only other
 * companies' rows hold San Jose, are near misses.
 * @param source the row's own source (its document name and headings)
 */
export function rowMissesName(
  question: string,
  row: string,
  source: SourceInfo | undefined,
  sources: readonly SourceInfo[],
): boolean {
  const title = source
    ? `${source.documentName.replace(/\.\w+$/, '')} ${formatNamesOf(source.documentName)} ${source.headingPath.join(' ')}`
    : '';
  const topic = (name: string) =>
    holds(title, name) || sources.filter((s) => holds(withoutDataRows(s.text), name)).length >= 2;
  // Deduplicated in any case, kept in the question's: "CLI" is an acronym, "cli" no name.
  const names = [...new Map(namesOf(question).map((n) => [n.toLowerCase(), n])).values()];
  // Figures are left out: a completed follow-up carries the previous answer's figures.
  return names.some((n) => /^\p{L}/u.test(n) && !isMonth(n) && !holds(row, n) && !topic(n));
}

/** Words a file's name uses for what the file is, not what it is about ("readme", "report"). */
const FILE_WORDS = new Set(
  'readme report paper table tables with draft expected readability simple sample test tests example page pages scanned document documents notes file'.split(
    ' ',
  ),
);

/**
 * Words of the question, in any case, that name a retrieved document ("pdfplumber" of
 * pdfplumber-README.md): a question that names a document asks about that document, so the
 * best chunk's lacking the word counts as a missing name, as a capitalised one does.
 */
export function documentNamesOf(question: string, sources: readonly SourceInfo[]): string[] {
  const named = new Set(
    sources.flatMap((s) =>
      s.documentName
        .replace(/\.\w+$/, '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u),
    ),
  );
  return (question.match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) =>
      w.length >= 4 &&
      named.has(w.toLowerCase()) &&
      !FILE_WORDS.has(w.toLowerCase()) &&
      termsOf(w).length > 0,
  );
}

/**
 * Features of the question's constraints against the best candidate (the ranker's first):
 * - `rowNameMissing`: the best candidate is a table row that misses a name of the question
 *   (`rowMissesName`). Prose is left out: a sentence names its subject once and then says "it"
 *   (and on SQuAD, fitted with, a name missing from the best sentence's neighbourhood did not
 *   tell unanswerable questions apart);
 * - `chunkNamesMissing`: share of the question's names and figures absent from the best chunk
 *   with its document's name and headings (0 when the question names nothing);
 * - `valueConflict`, `sentenceConflict`: the question's year or month is absent from the chunk
 *   (from the best sentence), which gives another: "revenue for 2011 was …" asked for 2014;
 * - `termsMissing`: share of the question's content terms absent from the chunk, its title and
 *   headings (a measure the table does not have: "ammunition checks"), rarity not weighed;
 * - `whoMissing`: a who-question whose best sentence names nobody the question does not.
 * @param best the ranker's best candidate, or undefined when there is none
 * @param sources the numbered sources; sources[best.citation - 1] is the best one's chunk
 */
export function constraintFeatures(
  question: string,
  best: Candidate | undefined,
  sources: readonly SourceInfo[],
): FeatureRow {
  if (!best)
    return {
      rowNameMissing: 0,
      chunkNamesMissing: 1,
      valueConflict: 0,
      sentenceConflict: 0,
      termsMissing: 1,
    };
  const source = sources[best.citation - 1];
  const title = source ? `${source.documentName.replace(/\.\w+$/, '')} ${source.headingPath.join(' ')}` : '';
  const chunk = `${title}\n${source?.text ?? best.sentence}`;
  const names = [
    ...new Map(
      [...namesOf(question), ...documentNamesOf(question, sources)].map((n) => [n.toLowerCase(), n]),
    ).values(),
  ];
  const terms = [...new Set(termsOf(question))];
  const chunkTerms = new Set(termsOf(chunk.replace(/[_-]/g, ' ')));
  const lower = new Set(names.map((n) => n.toLowerCase()));
  const others = (best.sentence.match(/(?<=\S\s+)\p{Lu}[\p{L}'’-]+/gu) ?? []).filter(
    (w) => !lower.has(w.toLowerCase().replace(/['’]s$/, '')),
  );
  const conflict = (text: string) => contradicts(question, text, YEAR) || contradicts(question, text, MONTH);
  return {
    rowNameMissing:
      TABLE_ROW.test(best.sentence) && rowMissesName(question, best.sentence, source, sources) ? 1 : 0,
    chunkNamesMissing: names.length === 0 ? 0 : names.filter((n) => !holds(chunk, n)).length / names.length,
    valueConflict: conflict(chunk) ? 1 : 0,
    sentenceConflict: conflict(best.sentence) ? 1 : 0,
    termsMissing: terms.length === 0 ? 0 : terms.filter((t) => !chunkTerms.has(t)).length / terms.length,
    whoMissing: ASKS_WHO.test(question) && others.length === 0 ? 1 : 0,
  };
}
