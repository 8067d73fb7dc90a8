/**
 * Short answers: the span of the best sentence that answers the question (a date, a number, a
 * name, a place, a noun phrase), scored by a logistic model (model.json) over hand-made features
 * in the manner of SQuAD's logistic-regression baseline (Rajpurkar et al., EMNLP 2016, §5:
 * span length, distance to and side of the question's words in the sentence, answer-type match),
 * without its parser and lexicalised features.
 */
import type { FeatureRow } from './logistic.ts';
import { asksWhen, termsOf } from '../llm/sentence-scoring.ts';
import { anchorsOf, EDGE_STOP, focusOf, MONTH, PREPOSITIONS, tokenize, type Token } from './span-words.ts';

/** The question's wh-type, for answer-type features. */
export function questionKind(
  question: string,
): 'who' | 'when' | 'where' | 'howmany' | 'why' | 'how' | 'what' {
  const q = question.toLowerCase();
  if (/\bhow (many|much)\b|what (percentage|percent|number|amount)|\bhow (long|old|far|large|big)\b/.test(q))
    return 'howmany';
  if (
    asksWhen(q) ||
    /what (year|date|day|century|decade|time)|which (year|date|century)|\bdeadline\b/.test(q)
  )
    return 'when';
  if (/\bwho\b|\bwhom\b|\bwhose\b/.test(q)) return 'who';
  if (
    /\bwhere\b|(what|which) (city|town|village|country|county|province|district|place|region|state|continent|location)\b/.test(
      q,
    )
  )
    return 'where';
  if (/\bwhy\b/.test(q)) return 'why';
  if (/\bhow\b/.test(q)) return 'how';
  return 'what';
}

/** A candidate short answer: its text as written in the sentence, and its features. */
export interface Span {
  text: string;
  start: number;
  end: number;
  features: FeatureRow;
}

/** Longest short answer, words. */
const MAX_SPAN_WORDS = 10;

/** Candidate spans of `sentence` for `question`, each with its features (SPAN_FEATURES). */
export function spanCandidates(question: string, sentence: string): Span[] {
  const tokens = tokenize(sentence);
  const questionTerms = new Set(termsOf(question));
  const stems = tokens.map((t) => (t.word ? (termsOf(t.text)[0] ?? '') : ''));
  const matched = stems.map((s) => s !== '' && questionTerms.has(s));
  const matchAt = matched.flatMap((m, i) => (m ? [i] : []));
  const kind = questionKind(question);
  // "Which company …", "What instrument …": a thing with a name, unlike "What is …".
  const namedThing =
    kind === 'what' &&
    /\b(which|what) (?!(is|are|was|were|does|do|did|has|have|had|can|could|would|will)\b)\w+/i.test(question)
      ? 1
      : 0;
  const focus = focusOf(question);
  const anchors = anchorsOf(question);
  const wordAt = tokens.flatMap((t, k) => (t.word ? [k] : []));
  const capitalWord = (t: Token | undefined) => !!t && t.word && /^\p{Lu}/u.test(t.text);
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens[i]!.word || EDGE_STOP.has(tokens[i]!.text.toLowerCase())) continue;
    let words = 0;
    for (let j = i; j < tokens.length && words < MAX_SPAN_WORDS; j++) {
      const t = tokens[j]!;
      if (!t.word) {
        if (t.text !== ',' && t.text !== '-') break;
        continue;
      }
      words++;
      if (EDGE_STOP.has(t.text.toLowerCase())) continue;
      const inside = tokens.slice(i, j + 1).filter((x) => x.word);
      const insideMatched = matched.slice(i, j + 1).filter(Boolean).length;
      const outside = matchAt.filter((k) => k < i || k > j);
      const distance = outside.length === 0 ? 20 : Math.min(...outside.map((k) => (k < i ? i - k : k - j)));
      const nearest =
        outside.length === 0
          ? null
          : outside.reduce((a, k) => (Math.abs(k - (i + j) / 2) < Math.abs(a - (i + j) / 2) ? k : a));
      // A word that opens the sentence, or a clause after a colon ("Speaker notes: Mention that
      // …"), is capitalised by grammar, not because it names something.
      const opensClause = i === 0 || tokens[i - 1]?.text === ':';
      const capital =
        inside.filter((x, n) => /^\p{Lu}/u.test(x.text) && !(opensClause && n === 0)).length / inside.length;
      const digit = inside.some((x) => /\d/.test(x.text)) ? 1 : 0;
      const year = inside.some((x) => /^(1\d{3}|20\d{2})s?$/.test(x.text)) ? 1 : 0;
      const month = inside.some((x) => MONTH.test(x.text)) ? 1 : 0;
      const before = tokens[i - 1];
      const after = tokens[j + 1];
      const text = sentence.slice(tokens[i]!.start, t.end);
      const wordsBefore = wordAt.filter((k) => k < i).slice(-3);
      const wordsAfter = wordAt.filter((k) => k > j).slice(0, 3);
      const between =
        nearest === null ? [] : nearest < i ? tokens.slice(nearest + 1, i) : tokens.slice(j + 1, nearest);
      const lower = inside.filter((x) => !/^\p{Lu}/u.test(x.text));
      spans.push({
        text,
        start: tokens[i]!.start,
        end: t.end,
        features: {
          length: inside.length,
          single: inside.length === 1 ? 1 : 0,
          long: inside.length > 4 ? 1 : 0,
          overlap: insideMatched / inside.length,
          distance: Math.log1p(distance),
          follows: nearest !== null && nearest < i ? 1 : 0,
          capital,
          digit,
          whoCapital: kind === 'who' ? capital : 0,
          whereCapital: kind === 'where' ? capital : 0,
          whenDate: kind === 'when' ? Math.max(year, month) : 0,
          howManyDigit: kind === 'howmany' ? digit : 0,
          whatLower: kind === 'what' ? 1 - capital : 0,
          whyLong: kind === 'why' || kind === 'how' ? inside.length / MAX_SPAN_WORDS : 0,
          preposition: before && PREPOSITIONS.has(before.text.toLowerCase()) ? 1 : 0,
          bounded: (!before || !before.word) && (!after || !after.word) ? 1 : 0,
          leftBounded: !before || !before.word || EDGE_STOP.has(before.text.toLowerCase()) ? 1 : 0,
          rightBounded: !after || !after.word || EDGE_STOP.has(after.text.toLowerCase()) ? 1 : 0,
          parenthesised: before?.text === '(' && after?.text === ')' ? 1 : 0,
          adjacent: distance === 1 ? 1 : 0,
          namedThingCapital: namedThing * capital,
          stopShare: inside.filter((x) => EDGE_STOP.has(x.text.toLowerCase())).length / inside.length,
          two: inside.length === 2 ? 1 : 0,
          three: inside.length === 3 ? 1 : 0,
          comma: text.includes(',') ? 1 : 0,
          leftWindow: wordsBefore.filter((k) => matched[k]).length / 3,
          rightWindow: wordsAfter.filter((k) => matched[k]).length / 3,
          wholeName:
            capital === 1 && !capitalWord(tokens[i - 1]) && !capitalWord(tokens[j + 1]) && !opensClause
              ? 1
              : 0,
          verbish: lower.filter((x) => /\p{L}{3,}(ed|ing)$/u.test(x.text)).length / inside.length,
          focusAdjacent:
            focus !== null &&
            [tokens[i - 1], tokens[j + 1], t].some((x) => x?.word && termsOf(x.text)[0] === focus)
              ? 1
              : 0,
          anchorLeft: wordsBefore.some((k) => anchors.left.has(stems[k]!)) ? 1 : 0,
          anchorRight: wordsAfter.some((k) => anchors.right.has(stems[k]!)) ? 1 : 0,
          sameClause: nearest !== null && !between.some((x) => /^[,;:(]$/.test(x.text)) ? 1 : 0,
        },
      });
    }
  }
  return spans;
}

/** Names of the span model's features, in model order. */
export const SPAN_FEATURES = [
  'length',
  'single',
  'long',
  'overlap',
  'distance',
  'follows',
  'capital',
  'digit',
  'whoCapital',
  'whereCapital',
  'whenDate',
  'howManyDigit',
  'whatLower',
  'whyLong',
  'preposition',
  'bounded',
  'comma',
  'leftBounded',
  'rightBounded',
  'parenthesised',
  'adjacent',
  'namedThingCapital',
  'stopShare',
  'two',
  'three',
  'leftWindow',
  'rightWindow',
  'wholeName',
  'verbish',
  'focusAdjacent',
  'sameClause',
  'anchorLeft',
  'anchorRight',
];
