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

/** At most this many content terms, a question may lean on the previous one. */
const ELLIPTICAL_TERMS = 4;
const OPENERS = /^\s*(and|also|what about|how about|same for|and for|or|then)\b/i;
const REFERS_BACK = /\b(it|its|they|them|their|that|this|those|these|there|he|she|his|her|same)\b/i;
/** A name: a capitalised word that is not the question's first word, or an acronym. */
const NAME = /(?<!^)\b\p{Lu}[\p{L}\p{N}'’-]*/gu;
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
const MONTH = /^(January|February|March|April|May|June|July|August|September|October|November|December)$/;

/** True when `message` reads as a continuation of the conversation rather than a new question. */
export function isElliptical(message: string): boolean {
  const terms = termsOf(message);
  return (
    OPENERS.test(message) ||
    (terms.length <= ELLIPTICAL_TERMS && (REFERS_BACK.test(message) || terms.length <= 2))
  );
}

/** Names and figures of an answer (its entities), citation markers left out, at most eight. */
function entitiesOf(answer: string): string[] {
  const found = answer.replace(/\[\d+\]/g, ' ').match(/\b\p{Lu}[\p{L}\p{N}'’-]+|\b\d[\d,.]*\b/gu) ?? [];
  return [...new Set(found)].slice(0, 8);
}

/**
 * The question to search and answer for `message` given the conversation so far, or null when
 * `message` stands on its own (or there is no previous question).
 */
export function followUpQuestion(message: string, history: readonly ChatTurn[]): string | null {
  if (!isElliptical(message)) return null;
  const previous = [...history].reverse().find((t) => t.role === 'user')?.content;
  if (!previous) return null;
  const answer = [...history].reverse().find((t) => t.role === 'assistant')?.content ?? '';
  const ownNames = message.match(NAME) ?? [];
  // "What about Kentucky?" after a question about Indiana: Kentucky replaces Indiana, not joins it.
  const context = ownNames.length
    ? previous.replace(NAME, (name) => (ACRONYM.test(name) || MONTH.test(name) ? name : ''))
    : `${previous} ${entitiesOf(answer).join(' ')}`;
  return `${message.trim()} ${context.replace(/\s+/g, ' ').trim()}`;
}
