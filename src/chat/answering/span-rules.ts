/**
 * Short answers read off the sentence by a pattern, where the question says exactly which words
 * answer it and the span model (spans.ts) only guesses: the figure before a counted noun, the
 * owner named before the thing asked about.
 */
import { namesOf } from './features.ts';
import { countedStem } from './value-patterns.ts';
import { CODE, termsOf, withoutQuestionIdentifiers } from '../llm/sentence-scoring.ts';

/**
 * For "How many X …?", the figure the sentence gives right before X ("40 work-hours", "32
 * tracks"), with X, or null: the figure that counts what is asked, not another one of the
 * sentence ("$85 per hour", "$0"). The counted noun is matched by its stem, up to two words may
 * come between ("100 polyphonic sequences"); a figure the question itself gives is no answer.
 */
export function countedValue(question: string, sentence: string): string | null {
  const words = /\bhow many\s+([\p{L}-]{3,})(?:\s+([\p{L}-]{3,}))?/iu.exec(question);
  if (!words) return null;
  // "How many common shares …": the noun is the second word when there is one ("people died"
  // has none: the second word is tried first, then the first).
  for (const noun of [words[2], words[1]]) {
    if (!noun) continue;
    const at = new RegExp(
      `(?<![\\d.,])(\\d[\\d,.]*)\\s+((?:\\S+\\s+){0,2}?${countedStem(noun)}[\\p{L}-]*)`,
      'iu',
    ).exec(sentence);
    if (at && !question.includes(at[1]!)) return `${at[1]!.replace(/[.,]$/, '')} ${at[2]!}`;
  }
  return null;
}

/** A name: capitalised words, with "&", "." or "-" inside ("AT&T", "Procter & Gamble"). */
const OWNER = String.raw`\p{Lu}[\p{L}\p{N}&.-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{N}&.-]*){0,3}`;

/** Questions about who makes, owns or runs a thing: its owner is an answer. */
const MAKER_VERB =
  /\b(makes?|made|develop\w*|buil[dt]\w*|owns?|owned|produc\w*|creat\w*|maintain\w*|publish\w*|sells?|sold|operat\w*|design\w*|manufactur\w*|releas\w*|ships?|shipped|runs?|wr[io]te\w*|belong\w*|behind)\b/i;

/**
 * For "Which company makes X?", "Who develops X?", the owner the sentence names in the possessive
 * right before X ("Apple’s SquirrelFish Extreme", "Google’s V8 JS compiler"), or null. X is a
 * name of the question (`namesOf`); at most two words may come between ("Apple’s fast new X").
 * Asked only with a verb of making or owning ("makes", "develops", "runs"); the owner is no name
 * the question gives itself.
 */
export function ownerOf(question: string, sentence: string): string | null {
  if (!MAKER_VERB.test(question)) return null;
  const asked = namesOf(question).filter((n) => /^\p{Lu}/u.test(n));
  for (const name of asked) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = new RegExp(`(${OWNER})['’]s\\s+(?:\\S+\\s+){0,2}?${escaped}\\b`, 'u').exec(sentence);
    // "In Apple’s X": a capitalised function word opening the sentence is no part of the name.
    const owner = at?.[1]
      ?.split(/\s+/)
      .filter((w, i, all) => all.slice(0, i + 1).some((x) => termsOf(x).length > 0))
      .join(' ');
    if (owner && !asked.some((n) => n.toLowerCase() === owner.toLowerCase())) return owner;
  }
  return null;
}

/** Words either side of an identifier read as what it is about (identifierOf). */
const IDENTIFIER_WINDOW = 8;

/**
 * For "Which option …?", "What keyword argument …?" (answerType 'code'), the identifier of the
 * sentence (`CODE`: camelCase, snake_case, a dotted path, a flag) that the question does not name
 * itself, or null: "set options.externalFileAccess to true" → "options.externalFileAccess". Of
 * several, the one with most of the question's terms in the eight words either side ("…
 * includeDefaultStyleMap to false. externalFileAccess: Source documents may reference files
 * outside …" for an option about outside files); the first on a tie.
 */
export function identifierOf(question: string, sentence: string): string | null {
  const text = withoutQuestionIdentifiers(sentence, question);
  const asked = new Set(termsOf(question));
  let best: { text: string; score: number } | null = null;
  for (const m of text.matchAll(new RegExp(CODE.source, 'gu'))) {
    const before = text.slice(0, m.index).split(/\s+/).slice(-IDENTIFIER_WINDOW).join(' ');
    const after = text
      .slice(m.index + m[0].length)
      .split(/\s+/)
      .slice(0, IDENTIFIER_WINDOW + 1)
      .join(' ');
    const score = termsOf(`${before} ${after}`).filter((t) => asked.has(t)).length;
    if (!best || score > best.score) best = { text: m[0], score };
  }
  return best?.text ?? null;
}
