import type { Embedder } from '../../embeddings/embedder.ts';
import type { GenerationRequest, LlmProvider } from './provider.ts';
import { REFUSAL_SENTENCE } from '../prompt.ts';
import { ANSWERER_MODEL, DEFAULT_ANSWER_THRESHOLD, assess, type AnswererModel } from '../answering/assess.ts';
import { composeAnswer } from '../answering/compose.ts';
import { tableAnswers, type TableAnswer } from '../answering/tables.ts';
import { rowMissesName, withoutDataRows } from '../answering/constraints.ts';
import type { SourceInfo } from '../answering/features.ts';
import { TABLE_ROW } from '../answering/candidates.ts';
import { repeatsAnswer } from '../answering/follow-up.ts';
import { asksForCount } from '../answering/table-columns.ts';
import { cellAtPosition } from '../answering/table-positions.ts';
import { distinctEvidence } from '../answering/answerability.ts';
import type { Reader } from '../reader/reader.ts';
import { readSources } from '../reader/read-sources.ts';
import { answerabilityOf } from '../reader/answerability.ts';
import { composeReaderAnswer } from '../reader/compose.ts';
import { chooseEvidence } from '../reader/choose.ts';

/** The refusal, the same sentence a language model is asked for (prompt.ts). */
export const NO_ANSWER = REFUSAL_SENTENCE;

/**
 * The table line a cell answer was read from ("Indiana — Permit: 81,935" from the row
 * "Indiana | 1,234 | 81,935 | …"): the row holding its label and its value; the answer's text when
 * it is the whole row, or when no line is found.
 */
function rowOf(cell: TableAnswer, sources: readonly SourceInfo[]): string {
  const [label, rest] = cell.text.split(' — ');
  if (rest === undefined) return cell.text;
  const value = rest.slice(rest.lastIndexOf(': ') + 2);
  const lines = (sources[cell.citation - 1]?.text ?? '').split(/\n+/);
  // A label named by several cells reads "Yahoo! Inc., Burbank": each part is a cell of the row.
  const parts = label!.split(', ');
  return (
    lines.find((l) => TABLE_ROW.test(l) && parts.every((p) => l.includes(p)) && l.includes(value)) ??
    cell.text
  );
}

/** Whether `row` (whitespace-normalised) is a table's first line in `text`, its header: it names columns, not a row. */
function isHeaderRow(row: string, text: string): boolean {
  return withoutDataRows(text)
    .split('\n')
    .some((line) => line.replace(/\s+/g, ' ').trim() === row);
}

/** A confident best sentence: the ranker's probability at least this. */
const CONFIDENT = 0.5;
/** A loose match's own row ranked below this share of a confident best sentence is outranked. */
const OUTRANKED_SHARE = 0.1;

/**
 * Whether a loose table match (`guarded`: a field named by one of its words; a form's caption,
 * named by two words at least, never is) is a word's coincidence: the ranker is confident in a sentence of prose (`best`, probability
 * ≥ CONFIDENT) and ranks the match's own row below OUTRANKED_SHARE of it ("--pages" and ".pages"
 * for "Which page of the specification …?", answered by "see page 671 of this specification").
 * @param ranked the ranker's candidates, with probabilities; the row is the one of the cell's
 *   citation whose text starts as the cell's does ("Founder | Netscape …" for "Founder: Netscape …")
 */
function outranked(
  cell: TableAnswer,
  ranked: readonly { citation: number; sentence: string; probability: number }[],
  best: { sentence: string; probability: number } | undefined,
): boolean {
  if (cell.caption || !best || best.probability < CONFIDENT || TABLE_ROW.test(best.sentence)) return false;
  const flat = (text: string) =>
    text
      .replace(/\s*\|\s*/g, ': ')
      .replace(/\s+/g, ' ')
      .trim();
  const head = flat(cell.text).slice(0, 40);
  const own = ranked.filter((c) => c.citation === cell.citation && flat(c.sentence).startsWith(head));
  return Math.max(0, ...own.map((c) => c.probability)) < OUTRANKED_SHARE * best.probability;
}

/** What the extractive answerer reads with besides the embedder. */
export interface ExtractiveOptions {
  /** The trained reader (src/chat/reader/), or null: the sentence rules pick the answer's words. */
  reader?: Reader | null;
  /** Retrieved chunks the reader reads per question (READER_PASSAGES; default 4). */
  passages?: number;
  /** The sentence ranker and answerability model (answering/model.json). */
  model?: AnswererModel;
}

/**
 * The no-LLM answerer (ARCHITECTURE.md: the last resort, so the service answers with no model
 * server). It ranks the retrieved chunks' sentences with the fitted sentence ranker
 * (src/chat/answering/) and refuses when answerability falls below the company's `answerThreshold`:
 * with a reader, the gate over the rules' calibrated answerability and the reader's margin
 * (reader/answerability.ts, default DEFAULT_GATE_THRESHOLD); without, the rules' alone (default
 * DEFAULT_ANSWER_THRESHOLD). A table row the question names answers with the cell of the column
 * it names (tables.ts). Otherwise the trained reader reads the first
 * `passages` chunks and its best span (by margin and the ranker's view of its sentence, reader/
 * choose.ts) answers, cited, then the sentence that carries it, cited
 * (reader/compose.ts, docs/chat.md "The reader"); without a reader, or when it finds no span, the
 * ranker's span and sentence do (answering/compose.ts).
 * Every quote is inside the chunk its [n] points at.
 */
export function extractiveProvider(embedder: Embedder, options: ExtractiveOptions = {}): LlmProvider {
  const { reader = null, passages = 4, model = ANSWERER_MODEL } = options;
  return {
    name: 'extractive',
    model: null,
    async *generate(request: GenerationRequest) {
      const [assessment, reading] = await Promise.all([
        assess(embedder, request.question, request.sources, model, request.message),
        reader && request.sources.length > 0
          ? readSources(
              reader,
              request.readerQuestion ?? request.question,
              request.sources,
              passages,
              request.previousAnswer,
            )
          : null,
      ]);
      const { ranked, novelNames } = assessment;
      // With a reader, answerability is the gate over both signals; without one, the rules' own.
      const { answerable, threshold } = answerabilityOf(
        assessment.answerable,
        reading,
        reader !== null,
        request.settings?.answerThreshold,
        DEFAULT_ANSWER_THRESHOLD,
      );
      // A table row named by the question answers with its cell, unless the question names
      // something (another month, another state) the sources do not have, or its row lacks a
      // name the question asks about ("Oregon" of a WARN month's row): then the ranker and its
      // answerability check decide. A completed follow-up carries the previous answer's names (a
      // header, a company) that its row need not hold: only a question of its own is checked. A
      // looser match (a field, a form's caption) answers only when the sources pass the
      // answerability check.
      const standalone = request.history.length === 0;
      const found = novelNames.length === 0 ? tableAnswers(request.question, request.sources) : [];
      const [best] = distinctEvidence(ranked);
      // A field named by one word loses to prose the reader prefers over every table row; a form's
      // caption, named by two words at least, does not (the reader reads a form's boxes poorly: it
      // answers the commission file number for the employer identification number).
      const proseWins = found.some((c) => c.guarded && !c.caption) && reading?.best?.row === false;
      const cells = found.filter(
        (c) =>
          (!c.guarded ||
            (answerable >= threshold && !outranked(c, ranked, best) && (c.caption || !proseWins))) &&
          !(
            standalone &&
            rowMissesName(
              request.question,
              rowOf(c, request.sources),
              request.sources[c.citation - 1],
              request.sources,
            )
          ) &&
          // A follow-up's cell that the previous answer already gave answers the earlier question again.
          !(request.previousAnswer && repeatsAnswer(c.text, request.previousAnswer)) &&
          // A whole row for a count of a question of its own: no column named what is counted
          // (`countWithoutColumn` below). A completed follow-up's measure may be the earlier question's.
          !(standalone && asksForCount(request.question) && TABLE_ROW.test(c.text)),
      );
      // The best evidence is a table's data row (not its header, which names columns).
      const bestSource = best && request.sources[best.citation - 1];
      const bestIsDataRow =
        best !== undefined &&
        TABLE_ROW.test(best.sentence) &&
        !isHeaderRow(best.sentence, bestSource?.text ?? '');
      // That row lacks a name the question asks about (Chevron's San Ramon row for "Chevron in
      // Bakersfield"): the row answers another question, as its cell would.
      const rowMisses =
        standalone &&
        bestIsDataRow &&
        rowMissesName(request.question, best!.sentence, bestSource, request.sources);
      // A count asked of that row, whose header names none of the question's measures (tables.ts
      // found no cell): which of its figures answers is unknown, and usually none does ("How many
      // checks were denied in Florida?" finds Florida's row; the table has no denials column).
      const countWithoutColumn = bestIsDataRow && asksForCount(request.question);
      // A cell asked for by its place ("the lower-right cell of the table") answers with that cell,
      // or with the refusal when the table has no such place ("the third column" of two).
      const placed = standalone ? cellAtPosition(request.question, request.sources) : null;
      let text: string;
      if (placed) text = placed.text === null ? NO_ANSWER : `${placed.text} [${placed.citation}]`;
      else if (cells.length > 0) text = cells.map((c) => `${c.text} [${c.citation}]`).join('; ');
      else if (ranked.length === 0 || answerable < threshold || rowMisses || countWithoutColumn)
        text = NO_ANSWER;
      else {
        const chosen = reading ? chooseEvidence(reading.candidates, ranked) : null;
        text = chosen ? composeReaderAnswer(chosen) : composeAnswer(request.question, ranked, model.span);
      }
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (request.signal.aborted) return;
        yield piece;
      }
    },
  };
}
