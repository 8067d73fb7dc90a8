/**
 * Tables as data: a question about a value in a table is answered with the cell — the row
 * matched by its entity (its first cell's words are all in the question: "Indiana",
 * "September 2015"), the column by the measure (a header cell sharing the question's other
 * words: "permit", "employees"). Rows and headers are read by table-rows.ts; the header is looked
 * for in every source of the row's document, since a chunk that starts mid-table may not hold it.
 * A form's value is found by the caption under it ("(IRS Employer Identification No.)").
 *
 * A follow-up reaches here completed by follow-up.ts ("And handguns? What was Georgia's permit
 * count …?"): the words of its first sentence, the person's own, outweigh the earlier question's
 * when the row and the column are chosen.
 */
import { ASKS_WHO, termsOf, withoutComplexPrepositions } from '../llm/sentence-scoring.ts';
import { namesOf } from './features.ts';
import { numeric, readTables, rowIndexOf, type Captioned, type Row } from './table-rows.ts';
import { ASKS_COUNT, datedCells, headersOf, namedColumn } from './table-columns.ts';
import { namesColumns, namesSomeone } from './table-fields.ts';

/** A table cell that answers: where it is and how to say it. */
export interface TableAnswer {
  citation: number;
  /** "Indiana — Permit: 81,935", or the whole row when no column matches the question. */
  text: string;
  /**
   * A looser match (a field named by one of its words, a form's caption): it answers only when
   * the sources pass the answerability check, as a sentence would.
   */
  guarded?: boolean;
  /** A form's value found by its caption (two of the caption's words at least), not a table's row. */
  caption?: boolean;
}

/** Whether a line of a table has wider lines in its run: then it is their (merged) header. */
const headsWiderRun = (row: Row, rows: readonly Row[]) =>
  rows.some((r) => r.citation === row.citation && r.run === row.run && r.cells.length > row.cells.length);

/** At most this many rows answer together when the question names them equally well. */
const MAX_ROWS = 3;

/** Legal forms a company is named without ("Yahoo" for "Yahoo! Inc."), stemmed. */
const LEGAL_FORMS = new Set(
  termsOf('inc incorporated llc ltd limited corp corporation company co plc lp llp gmbh ag sa'),
);

/** The words that name a row by one of its cells: legal forms may go unsaid, unless that is all there is. */
function labelTermsOf(cell: string): string[] {
  const terms = termsOf(cell.replace(/\[[^\]]*\]/g, ''));
  const named = terms.filter((t) => !LEGAL_FORMS.has(t));
  return named.length > 0 ? named : terms;
}

/** The rows that hold data (not a header) of each document, as the set of their cells' terms. */
function dataTerms(rows: readonly Row[], documentOf: (r: Row) => string): Map<string, Set<string>> {
  const terms = new Map<string, Set<string>>();
  for (const r of rows) {
    const data = r.inNumericRun ? r.cells.slice(1).some(numeric) : !r.first;
    if (!data || r.synthetic) continue;
    const set = terms.get(documentOf(r)) ?? new Set<string>();
    for (const c of r.cells) for (const t of termsOf(c)) set.add(t);
    terms.set(documentOf(r), set);
  }
  return terms;
}

/**
 * The form value whose caption the question names best (two of its words at least, and two
 * fifths of them), or null.
 */
function captionAnswer(questionTerms: Set<string>, captions: readonly Captioned[]): TableAnswer | null {
  let best: { c: Captioned; score: number } | null = null;
  for (const c of captions) {
    const terms = [...new Set(termsOf(c.caption))];
    const matched = terms.filter((t) => questionTerms.has(t)).length;
    if (matched < 2 || matched * 5 < terms.length * 2) continue;
    const score = matched + matched / terms.length;
    if (!best || score > best.score) best = { c, score };
  }
  return best
    ? { citation: best.c.citation, text: `${best.c.caption}: ${best.c.value}`, guarded: true, caption: true }
    : null;
}

/**
 * The rows whose label the question names, each with the cell of the column whose header it
 * names (at most MAX_ROWS, best first), or the form value whose caption it names; empty when
 * neither is in the sources.
 * @param sources the numbered sources ([n] = sources[n-1]) with their text and document
 */
export function tableAnswers(
  question: string,
  sources: readonly { text: string; documentName: string }[],
): TableAnswer[] {
  const questionTerms = new Set(termsOf(withoutComplexPrepositions(question)));
  const sentences = question.split(/(?<=\?)\s+/);
  const ownTerms = new Set(sentences.length > 1 ? termsOf(sentences[0]!) : []);
  const { rows, captions } = readTables(sources);
  const documentOf = (r: Row) => sources[r.citation - 1]!.documentName;
  const tableTerms = dataTerms(rows, documentOf);
  // A name the question gives that other rows of the table hold and this one lacks ("San Jose"
  // for a JCPenney row in Cupertino) says this is not the row asked about. In a completed
  // follow-up only the person's own words count: the earlier question's row is being replaced.
  const names = namesOf(sentences.length > 1 ? sentences[0]! : question)
    .filter((n) => !/^\d/.test(n))
    .flatMap((n) => termsOf(n));
  const asksWho = ASKS_WHO.test(question);
  let best: { row: Row; key: number; labelTerms: string[]; score: number }[] = [];
  for (const row of rows) {
    // A header line is no row to answer with: a synthetic one, or the first line of a wider run.
    if (row.synthetic || (row.first && (headsWiderRun(row, rows) || namesColumns(row)))) continue;
    const hasNumber = row.cells.slice(1).some(numeric);
    const rowTerms = new Set(row.cells.flatMap((c) => termsOf(c)));
    // (Not in a table of fields and values, whose rows are facts about one thing.)
    const field = row.cells.length === 2 && !row.inNumericRun && !hasNumber;
    if (!field && names.some((n) => tableTerms.get(documentOf(row))?.has(n) && !rowTerms.has(n))) continue;
    // Who-questions want someone: a field whose value names nobody (a date) is another field.
    if (field && asksWho && !namesSomeone(row.cells[1]!)) continue;
    row.cells.forEach((cell, key) => {
      // The row's entity: its first cell ("Indiana") or, in a table whose first column is not the
      // name (a date, a code), another text cell ("JCPenney"). A "[18]" or "[integer]" is not a word of it.
      if (numeric(cell)) return;
      // A row of text (the LayoutParser model zoo) is named by its first cell, under a header.
      // A row of two text cells is a field and its value ("Founded | February 28, 1998").
      if (!hasNumber && (key > 0 || (row.first && !field) || row.inNumericRun)) return;
      const labelTerms = labelTermsOf(cell);
      // The doer's noun names the field a who-question asks with its verb: "Founder" for "who founded".
      const named = (t: string) =>
        questionTerms.has(t) || (asksWho && questionTerms.has(t.replace(/(er|or)$/, '')));
      if (labelTerms.length === 0 || !labelTerms.every(named)) return;
      // A follow-up's own row wins ("And bananas?"), then the most specific label ("North Carolina"
      // over "Carolina"), then the first column, then the row whose other cells the question also
      // names ("Lyon" and "Q3" among four Lyon rows).
      const others = new Set(row.cells.filter((_, k) => k !== key).flatMap((c) => termsOf(c)));
      const own = labelTerms.every((t) => ownTerms.has(t)) ? 1000 : 0;
      const score =
        own +
        labelTerms.length * 100 +
        (key === 0 ? 50 : 0) +
        [...questionTerms].filter((t) => others.has(t)).length;
      if (best.length === 0 || score > best[0]!.score) best = [{ row, key, labelTerms, score }];
      else if (score === best[0]!.score && !best.some((b) => b.row.line === row.line))
        best.push({ row, key, labelTerms, score });
    });
  }
  // Rows the question names equally well (two notices of one company in one city) all answer.
  // The same row in another copy of a document ("Founded: February 28, 1998" in the page and its
  // readability extraction) is said once: an answer that another one starts with, up to a word's end.
  const repeats = (a: string, b: string) => a.startsWith(b) && !/[\p{L}\p{N}]/u.test(a[b.length] ?? '');
  const cells: TableAnswer[] = [];
  for (const b of best) {
    const cell = cellAnswer(question, b, rows, documentOf, { questionTerms, ownTerms, names });
    if (cell && !cells.some((c) => repeats(c.text, cell.text) || repeats(cell.text, c.text)))
      cells.push(cell);
  }
  cells.splice(MAX_ROWS);
  if (cells.length > 0) return cells;
  const caption = captionAnswer(questionTerms, captions);
  return caption ? [caption] : [];
}

/** The first of tableAnswers, or null. */
export function tableAnswer(
  question: string,
  sources: readonly { text: string; documentName: string }[],
): TableAnswer | null {
  return tableAnswers(question, sources)[0] ?? null;
}

/** The answer from the chosen row: the cell of the named column, a lone count, or the whole row. */
function cellAnswer(
  question: string,
  best: { row: Row; key: number; labelTerms: string[] },
  rows: readonly Row[],
  documentOf: (r: Row) => string,
  asked: { questionTerms: Set<string>; ownTerms: Set<string>; names: string[] },
): TableAnswer | null {
  const { row, key, labelTerms } = best;
  const { questionTerms, ownTerms } = asked;
  const rowTerms = new Set(row.cells.flatMap((c) => termsOf(c)));
  // The row as the question names it: the label and every text cell whose words it names ("Symantec
  // Corporation, Mountain View") that adds to the label ("VAN-124", not "VAN-124, Van"), else the label.
  const named = row.cells.filter((c, k) => {
    if (k === key) return true;
    const terms = numeric(c) ? [] : labelTermsOf(c);
    return (
      terms.length > 0 &&
      terms.every((t) => questionTerms.has(t)) &&
      terms.some((t) => !labelTerms.includes(t))
    );
  });
  // A reference mark in a cell ("TableBank [18]") would read as a citation of a source.
  const label = named.map((c) => c.replace(/\s*\[\d+\]/g, '')).join(', ');
  // Two text cells are a field and its value, unless the line heads a wider table.
  if (row.cells.length === 2 && !row.cells.some(numeric) && key === 0 && !headsWiderRun(row, rows))
    return { citation: row.citation, text: `${row.cells[0]}: ${row.cells[1]}`, guarded: true };
  const measure = new Set([...questionTerms].filter((t) => !labelTerms.includes(t)));
  const headers = headersOf(row, rows, documentOf);
  // A word that names the table ("the price table") names no column of it, unless no other word
  // of the question does ("What do bananas cost in the price table?").
  const tableNames = new Set(
    [...question.matchAll(/([\p{L}\p{N}]+)\s+(?:table|tables|chart|spreadsheet|sheet)\b/giu)].flatMap((m) =>
      termsOf(m[1]!),
    ),
  );
  const unnamed = new Set([...measure].filter((t) => !tableNames.has(t)));
  const chosen =
    namedColumn(question, row, key, headers, unnamed, ownTerms) ??
    namedColumn(question, row, key, headers, measure, ownTerms);
  if (chosen)
    return { citation: row.citation, text: `${label} — ${chosen.name}: ${row.cells[chosen.index]}` };
  const dates = datedCells(question, row, key, headers);
  // Read without a column named, so as loosely matched as a field: it passes the answerability check first.
  if (dates) return { citation: row.citation, text: `${label} — ${dates}`, guarded: true };
  // "How many …" of a row with a single figure (a WARN notice's employees) that holds every name
  // the question gives: that figure, under its header when one fits.
  const figures = row.cells
    .map((c, k) => (k !== key && /^\d[\d,. ]*$/.test(c) ? k : -1))
    .filter((k) => k >= 0);
  if (ASKS_COUNT.test(question) && figures.length === 1 && asked.names.every((n) => rowTerms.has(n))) {
    const k = figures[0]!;
    const header = headers.find(
      (h) => h.cells[rowIndexOf(k, row.cells.length, h.cells.length)] !== undefined,
    );
    const name = header?.cells[rowIndexOf(k, row.cells.length, header.cells.length)];
    return { citation: row.citation, text: `${label} — ${name ? `${name}: ` : ''}${row.cells[k]}` };
  }
  // Without a column the question names, only a numeric table's own row answers (its label in
  // the first column); anything looser is left to the ranker and its answerability check.
  return key === 0 && row.cells.some(numeric) ? { citation: row.citation, text: row.line } : null;
}
