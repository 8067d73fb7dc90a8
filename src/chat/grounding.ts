import { CitationFilter } from './citations.ts';
import type { SourceSupport } from './attribution.ts';
import { REFUSAL_SENTENCE } from './prompt.ts';
import { termsOf } from './llm/sentence-scoring.ts';

/**
 * Least number of distinct content terms (sentence-scoring.ts `termsOf`) held text needs before
 * a source's support can release it uncited. A sentence that only restates the question's topic
 * ("The leave policy.") shares its two or three words with any source on the topic: too little
 * evidence to commit to an answer whose first words cannot be taken back.
 */
const MIN_TERMS_TO_RELEASE = 4;

/** A fragment holding a sentence end: where held text is checked for support. */
const SENTENCE_END = /[.!?…。]|\n/;

/** Letters and digits only, lower-cased: quotes, markup and spacing around a copied sentence fall away. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const REFUSAL_WORDS = wordsOf(REFUSAL_SENTENCE);

/** The model's own refusal: text that starts with the refusal sentence (prompt.ts), however quoted. */
export const startsWithRefusal = (text: string) => wordsOf(text).startsWith(REFUSAL_WORDS);

/**
 * The answer a user is shown, built from a generating model's fragments: citation markers
 * filtered (citations.ts), and grounded — an answer with no valid citation that no source supports
 * (attribution.ts) ends as the plain refusal sentence, with no citation.
 *
 * A token already streamed cannot be taken back and the spec's stream has no event that replaces
 * text (token* → sources → done), so a generated answer is held back until it is known to be
 * grounded: until its first valid `[n]`, or until, at a sentence end, the text so far (at least
 * MIN_TERMS_TO_RELEASE terms) is supported by a source. From then on fragments pass straight
 * through. An answer that ends still held is shown whole, with its attributed citation, or is
 * replaced by the refusal. An answer released on support that ends uncited is cited to the source
 * that supported it when nothing supports the whole. docs/chat.md describes it for clients.
 *
 * Without a SourceSupport (the extractive answerer, which quotes cited sentences or refuses by
 * itself) it only filters markers, and every fragment passes at once.
 */
export class GroundedAnswer {
  private readonly filter: CitationFilter;
  private readonly support: SourceSupport | null;
  private held = '';
  private released: boolean;
  private shownText = '';
  /** The source that supported the text released before any citation: the fallback to cite. */
  private releasedOn: number | null = null;

  /** The reader's answer in the sources (words of its span, normalised, and their [n]), or null. */
  private readonly claim: { words: string; citation: number } | null;

  /**
   * @param sourceCount how many numbered sources the answer may cite ([1] … [sourceCount])
   * @param support the sources' support check, or null to pass fragments through unchecked
   * @param readerAnswer the extractive reader's span for the question and the source it is in
   *   (src/chat/reader/): an uncited answer that states it is supported by that source, even
   *   when it shares too few words with it for the term check ("September 21, 2020.")
   */
  constructor(
    sourceCount: number,
    support: SourceSupport | null,
    readerAnswer: { text: string; citation: number } | null = null,
  ) {
    this.filter = new CitationFilter(sourceCount);
    this.support = support;
    this.released = support === null;
    const words = readerAnswer ? wordsOf(readerAnswer.text) : '';
    this.claim = words && readerAnswer ? { words, citation: readerAnswer.citation } : null;
  }

  /** The reader's source when `text` states the reader's span (its words, in order), else null. */
  private claimedIn(text: string): number | null {
    return this.claim && ` ${wordsOf(text)} `.includes(` ${this.claim.words} `) ? this.claim.citation : null;
  }

  /** Source numbers cited in what was shown. */
  get used(): ReadonlySet<number> {
    return this.filter.used;
  }

  /** Prompt source number → the number shown in the answer (CitationFilter.numbering). */
  get numbering(): ReadonlyMap<number, number> {
    return this.filter.numbering;
  }

  /** Everything returned so far by `push` and `finish`: the answer as the user saw it. */
  get shown(): string {
    return this.shownText;
  }

  /** Feeds a model fragment; returns the text to stream now (empty while it is held back). */
  push(fragment: string): string {
    return this.admit(this.filter.push(fragment));
  }

  /**
   * Ends the answer; returns the text still to stream: the held answer with its citation, the
   * refusal sentence in place of an unsupported answer, or the end of an answer already flowing.
   */
  finish(): string {
    const out = this.admit(this.filter.flush());
    if (!this.support || this.filter.used.size > 0) return out;
    const held = this.held;
    const whole = this.shownText + held;
    const source = this.released
      ? (this.support.attribute(whole) ?? this.claimedIn(whole) ?? this.releasedOn)
      : startsWithRefusal(whole)
        ? null
        : (this.support.attribute(whole) ?? this.claimedIn(whole));
    this.held = '';
    if (source === null) return out + this.emit(REFUSAL_SENTENCE);
    const marker = this.filter.push(`${/\s$/.test(whole) ? '' : ' '}[${source}]`) + this.filter.flush();
    return out + this.emit(held + marker);
  }

  private admit(text: string): string {
    if (this.released) return this.emit(text);
    this.held += text;
    if (this.filter.used.size === 0 && !this.supportedAtSentenceEnd(text)) return '';
    this.released = true;
    const all = this.held;
    this.held = '';
    return this.emit(all);
  }

  /** True when `latest` ends a sentence and a source supports the held text (recorded in releasedOn). */
  private supportedAtSentenceEnd(latest: string): boolean {
    if (!SENTENCE_END.test(latest)) return false;
    const words = wordsOf(this.held);
    // A copy of the refusal, whole or begun, is never attributed.
    if (REFUSAL_WORDS.startsWith(words) || words.startsWith(REFUSAL_WORDS)) return false;
    const claimed = this.claimedIn(this.held);
    const terms = termsOf(this.held);
    if (claimed === null && new Set(terms).size < MIN_TERMS_TO_RELEASE) return false;
    this.releasedOn = claimed ?? this.support!.attributeTerms(terms);
    return this.releasedOn !== null;
  }

  private emit(text: string): string {
    this.shownText += text;
    return text;
  }
}
