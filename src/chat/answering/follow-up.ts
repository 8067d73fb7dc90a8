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

/**
 * Pronouns that point back at something named earlier ("Who said innovating on it was no longer a
 * priority?"); "that", "this" and "there" are left out: in a longer question they are usually a
 * conjunction, a determiner of something named in the question, or an adverb.
 */
const POINTS_BACK = /\b(it|its|they|them|their|he|she|his|her|him)\b/i;

/**
 * True when a question too long to be elliptical still leans on the conversation through a
 * pronoun and names nothing of its own ("Who said in 2012 that innovating on it was no longer a
 * priority?"): it is searched with the earlier question's names added.
 */
export function pointsBack(message: string): boolean {
  return POINTS_BACK.test(message) && (message.match(NAME) ?? []).filter((n) => !MONTH.test(n)).length === 0;
}

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
  const elliptical = isElliptical(message);
  if (!elliptical && !pointsBack(message)) return null;
  const previous = [...history].reverse().find((t) => t.role === 'user')?.content;
  if (!previous) return null;
  const answer = [...history].reverse().find((t) => t.role === 'assistant')?.content ?? '';
  if (!elliptical) {
    // A whole question with a pronoun: only what the pronoun may stand for is added — the earlier
    // question's names and the earlier answer's entities — not the earlier question's wording.
    const names = [...new Set([...(previous.match(NAME) ?? []), ...entitiesOf(answer)])];
    return names.length ? `${message.trim()} ${names.join(' ')}` : null;
  }
  const ownNames = message.match(NAME) ?? [];
  // "What about Kentucky?" after a question about Indiana: Kentucky replaces Indiana, not joins it.
  const context = ownNames.length
    ? previous.replace(NAME, (name) => (ACRONYM.test(name) || MONTH.test(name) ? name : ''))
    : `${previous} ${entitiesOf(answer).join(' ')}`;
  return `${message.trim()} ${context.replace(/\s+/g, ' ').trim()}`;
}
