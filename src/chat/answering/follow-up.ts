/**
 * Follow-ups without a language model: an elliptical question ("And the docket number?", "What
 * about Kentucky?") is completed from the conversation — the previous question, with the names
 * the follow-up replaces taken out, and the entities of the previous answer — so retrieval and
 * the extractive answerer see what the person means. A question that stands on its own is left
 * alone. (Query expansion from conversation context, after the "question rewriting" of
 * conversational QA: Elgohary et al., "Can You Unpack That? Learning to Rewrite Questions-in-
 * Context", EMNLP 2019, done here with rules instead of a model.)
 */
import type { ChatTurn } from '../llm/provider.ts';
import { termsOf } from '../llm/sentence-scoring.ts';
import { kindOf, namesIn, newNames, withoutReplaced } from './follow-up-names.ts';

/** At most this many content terms, a question may lean on the previous one. */
const ELLIPTICAL_TERMS = 4;
/** Words that open a continuation; repeated openers ("And what about …") are all peeled off. */
const OPENERS = /^(\s*(and|also|what about|how about|same for|and for|or|then|so)\b[\s,]*)+/i;
/**
 * Words of a short question that point back: pronouns, and "one"/"former"/"latter" standing for
 * something just listed ("Which company makes the second one?").
 */
const REFERS_BACK =
  /\b(it|its|they|them|their|that|this|those|these|there|he|she|his|her|same|one|ones|former|latter)\b/i;
/**
 * Pronouns that point back at something named earlier ("Who said innovating on it was no longer a
 * priority?", "How many employees did those notices cover?"); "that", "this" and "there" are left
 * out: in a longer question they are usually a conjunction, a determiner of something named in the
 * question, or an adverb.
 */
const POINTS_BACK = /\b(it|its|they|them|their|he|she|his|her|him|those|these)\b/i;
/** The wh-words (and "how many/much/long …") that set a question's answer type. */
const INTERROGATIVE =
  /\b(what|which|who|whom|whose|when|where|why|how(\s+(many|much|long|old|far|big))?)\b/gi;

/** A conversation's exchange: a question as asked, the answer shown, the documents it cited. */
export interface Exchange {
  question: string;
  answer: string;
  documents: readonly string[];
}

/** True when `message` reads as a continuation of the conversation rather than a new question. */
export function isElliptical(message: string): boolean {
  // "How many" and "how much" ask; they add nothing to what the question is about.
  const terms = termsOf(message.replace(INTERROGATIVE, ' '));
  return (
    OPENERS.test(message) ||
    (terms.length <= ELLIPTICAL_TERMS && (REFERS_BACK.test(message) || terms.length <= 2))
  );
}

/**
 * True when a question too long to be elliptical still leans on the conversation through a
 * pronoun and names nothing the conversation has not ("Who said in 2012 that innovating on it was
 * no longer a priority for Mozilla?" after a question about Thunderbird whose answer names
 * Mozilla): it is searched with the earlier question's names and answer's entities added.
 * @param earlier the previous question and answer's text; without it, any name counts as new.
 */
export function pointsBack(message: string, earlier = ''): boolean {
  // A date ("in 2012", "in March") narrows the question; it does not name a new subject.
  const subjects = newNames(message, earlier).filter((n) => !['month', 'year'].includes(kindOf(n)));
  return POINTS_BACK.test(message) && subjects.length === 0;
}

/** True when the follow-up asks with its own wh-word ("And when did …"), not only through an opener. */
function asksItself(message: string): boolean {
  return new RegExp(INTERROGATIVE.source, 'i').test(message.replace(OPENERS, ''));
}

/** At most this many words, a sentence of an answer is a short answer or a label ("Servo [1]."). */
const SHORT_ANSWER_WORDS = 4;

/**
 * Names and figures of an answer (its entities), at most eight; none for a refusal (an answer
 * without a citation marker). A capitalised word opening a sentence counts when the sentence is a
 * short answer ("Servo [1].") or the word opens a name or a table answer ("November 2015 — Notices:
 * 41"), not when it is only capitalised there ("Calling external functions …").
 */
export function entitiesOf(answer: string): string[] {
  if (!/\[\d+\]/.test(answer)) return [];
  const entities: string[] = [];
  // A table answer's header ("Indiana — Permit: 81,935") is the measure asked, no entity: a
  // follow-up often asks for another one ("And handguns?").
  const text = answer.replace(/\[\d+\]/g, ' ').replace(/ — [^:|]+: /g, ' ');
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const words = sentence.match(/[^\s]+/g) ?? [];
    const found = [...sentence.matchAll(/\b\p{Lu}[\p{L}\p{N}'’-]+|\b\d[\d,.]*\d|\b\d\b/gu)];
    for (const m of found) {
      const opening = sentence.slice(0, m.index).trim() === '';
      const next = words[1] ?? '';
      const named = words.length <= SHORT_ANSWER_WORDS || /^(\p{Lu}|\d|—|–|\|)/u.test(next);
      // A stop word opening a sentence ("On March 10, …") is no name.
      if (!opening || /^\d/.test(m[0]) || (named && termsOf(m[0]).length > 0)) entities.push(m[0]);
    }
  }
  return [...new Set(entities)].slice(0, 8);
}

/**
 * `message` completed from the exchange before it, or null when it stands on its own. The
 * follow-up's words come first (tables.ts and the span model read the person's own words first).
 * When the follow-up asks with its own wh-word, the earlier question adds its words without its
 * wh-words, so the answer type is the follow-up's ("What was that flight's number?" after "How
 * many people died …?" asks for a number, not a count).
 */
function complete(message: string, previous: Exchange): string | null {
  const earlier = `${previous.question} ${previous.answer}`;
  const elliptical = isElliptical(message);
  if (!elliptical && !pointsBack(message, earlier)) return null;
  const entities = entitiesOf(previous.answer);
  if (!elliptical) {
    // A whole question with a pronoun: only what the pronoun may stand for is added — the earlier
    // question's names and the earlier answer's entities — not the earlier question's wording.
    const names = [...new Set([...namesIn(previous.question), ...entities])];
    return names.length ? `${message.trim()} ${names.join(' ')}` : null;
  }
  const replacing = newNames(message, earlier);
  // "What about Kentucky?" after a question about Indiana: Kentucky replaces Indiana, not joins
  // it, and the earlier answer (Indiana's figure) is left out too.
  const kept = withoutReplaced(previous.question, replacing, previous.documents, message);
  let context = withoutCondition(kept, message);
  // Under a new condition (or for a new name) the earlier answer answers something else.
  const sameQuestion = replacing.length === 0 && context === kept;
  if (asksItself(message)) context = context.replace(INTERROGATIVE, ' ').replace(/\?/g, '.');
  if (sameQuestion) context = `${context} ${entities.join(' ')}`;
  return `${message.trim()} ${context.replace(/\s+/g, ' ').trim()}`;
}

/**
 * "When did …?", "Where is …?": the follow-up's own question, not a condition of the earlier one
 * ("And when the server errors?"); a wh-word before an auxiliary verb asks.
 */
const ASKS_WITH_WH =
  /^(when|where)\s+(did|does|do|is|was|were|are|will|would|can|could|has|have|had|should|must|may|might)\b/i;

/** Words that open a question's condition or circumstance ("… when a client …", "… for a GET …"). */
const CONDITION = /\b(if|when|whenever|where|while|for|after|before|during|unless)\b/i;

/**
 * The earlier question without its condition when the follow-up gives another one: "And if the
 * server itself runs into an error?" after "Which status code should a server send when a client
 * makes requests too often?" asks "Which status code should a server send", under the new
 * condition; both conditions together would find the first answer again. The earlier question is
 * cut at its first condition word after its third word (before that it belongs to the wh-phrase:
 * "For which state …").
 */
export function withoutCondition(earlier: string, message: string): string {
  const opening = message.replace(OPENERS, '').trimStart();
  if (!new RegExp(`^${CONDITION.source}`, 'i').test(opening) || ASKS_WITH_WH.test(opening)) return earlier;
  const words = [...earlier.matchAll(/\S+/g)];
  const cut = words.findIndex((w, i) => i >= 3 && new RegExp(`^${CONDITION.source}$`, 'i').test(w[0]));
  return cut < 0 ? earlier : `${earlier.slice(0, words[cut]!.index).trimEnd()}?`;
}

/** A table answer's value: the cell after "Header: ", or null for a whole row (or a sentence). */
function cellValue(text: string): string | null {
  if (text.includes(' | ') || !text.includes(': ')) return null;
  return text.slice(text.lastIndexOf(': ') + 2).trim() || null;
}

/**
 * True when a table answer (tables.ts: "Label — Header: value") gives the same cell the previous
 * answer led with. A follow-up asks for something else ("On which market?" after "Common stock —
 * Trading symbol: GLXZ"), so such a cell answers the earlier question again and the answerer falls
 * back to its ranking. A cell inside a whole row the previous answer quoted is not a repeat: "And
 * the total?" after an Alabama row asks to be shown that cell.
 */
export function repeatsAnswer(tableText: string, previousAnswer: string): boolean {
  const value = cellValue(tableText);
  const lead = previousAnswer.split(/\s*\[\d+\]/)[0] ?? '';
  return value !== null && cellValue(lead) === value;
}

/** The conversation's exchanges in order: each user turn with the assistant turn after it. */
function exchangesOf(history: readonly ChatTurn[]): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const [i, turn] of history.entries()) {
    if (turn.role !== 'user') continue;
    const next = history[i + 1];
    const reply = next?.role === 'assistant' ? next : undefined;
    exchanges.push({
      question: turn.content,
      answer: reply?.content ?? '',
      documents: reply?.documents ?? [],
    });
  }
  return exchanges;
}

/**
 * `rewrite` applied to `message` against the exchange before it, after each earlier turn was
 * rewritten the same way, in order: a follow-up of a follow-up ("And in November?" then "How many
 * employees did those notices cover?") leans on the rewritten question, not on its bare words.
 * Null when there is no earlier question or `rewrite` leaves `message` alone.
 */
export function rewriteInConversation(
  message: string,
  history: readonly ChatTurn[],
  rewrite: (message: string, previous: Exchange) => string | null,
): string | null {
  const exchanges = exchangesOf(history);
  if (exchanges.length === 0) return null;
  for (let i = 1; i < exchanges.length; i++) {
    const rewritten = rewrite(exchanges[i]!.question, exchanges[i - 1]!);
    if (rewritten) exchanges[i] = { ...exchanges[i]!, question: rewritten };
  }
  return rewrite(message, exchanges.at(-1)!);
}

/**
 * The question to search and answer for `message` given the conversation so far, or null when
 * `message` stands on its own (or there is no previous question); earlier follow-ups are
 * completed first (rewriteInConversation).
 */
export function followUpQuestion(message: string, history: readonly ChatTurn[]): string | null {
  return rewriteInConversation(message, history, complete);
}
