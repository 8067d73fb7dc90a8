/**
 * A follow-up condensed into a question that stands on its own, for the reader: the pronoun is
 * replaced by what it points back to ("What's its phone number?" after "Which company filed the
 * 10-K?", answered "Galaxy Next Solutions" → "What's Galaxy Next Solutions's phone number?"), and
 * a bare new name takes the place of the earlier question's name of its kind ("What about
 * Kentucky?" after "What was Georgia's total …?" → "What was Kentucky's total …?").
 *
 * Why beside follow-up.ts's completion: retrieval wants every word the conversation lends (the
 * completion), but the reader was trained on natural questions (SQuAD) and reads a question with
 * the earlier one's words glued on as another question (docs/chat.md "Known misses"). This is the
 * question rewriting of conversational QA (Elgohary et al., "Can You Unpack That? Learning to
 * Rewrite Questions-in-Context", EMNLP 2019; Anantha et al., QReCC, NAACL 2021), by rules: a
 * question it cannot rewrite is left to the completion (null).
 */
import type { ChatTurn } from '../llm/provider.ts';
import { rewriteInConversation, type Exchange } from './follow-up.ts';
import { kindOf, namesIn, newNames } from './follow-up-names.ts';

/** Words that open a continuation ("And when did he …"): dropped from the condensed question. */
const OPENERS = /^(\s*(and|also|so|then|what about|how about|same for|and for)\b[\s,]*)+/i;
/** Pronouns for a person, and for a thing or a group; the first one in the follow-up is replaced. */
const PERSON = /\b(he|she|him|his|her)\b/i;
const THING = /\b(it|its|they|them|their)\b/i;
/** At most this many words, an answer's lead is a name that a pronoun can stand for. */
const LEAD_WORDS = 6;

/** The answer's words before its first citation marker, when they are a short name; else null. */
function answerLead(answer: string): string | null {
  const marker = answer.search(/\s*\[\d+\]/);
  if (marker <= 0) return null;
  const lead = answer
    .slice(0, marker)
    .replace(/[,;:]+$/, '')
    .replace(/(?<!\b(?:Inc|Corp|Co|Ltd|Jr|Sr))\.$/, '')
    .trim();
  const words = lead.split(/\s+/);
  return words.length <= LEAD_WORDS && !lead.includes(' — ') && !lead.includes(':') ? lead : null;
}

/**
 * Runs of capitalised words after the question's first word, with the numbers and acronyms that
 * go on them ("Brendan Eich", "Ethiopian Airlines 737 MAX"); a run of two words or more first.
 */
const RUN = /(?<!^)\b\p{Lu}[\p{L}\p{N}&.-]*(?:\s+(?:\p{Lu}[\p{L}\p{N}&.-]*|\d[\p{L}\p{N}-]*))*/gu;
const MONTH_OR_YEAR =
  /^(January|February|March|April|May|June|July|August|September|October|November|December|\d{4})\b/;

function namesByLength(question: string): string[] {
  const runs = (question.match(RUN) ?? [])
    .map((r) => r.replace(/['’]s$/, '').trim())
    .filter((r) => r.length > 1 && !MONTH_OR_YEAR.test(r));
  return [...runs.filter((n) => n.includes(' ')), ...runs.filter((n) => !n.includes(' '))];
}

/**
 * What the pronoun of `message` stands for in `previous`, or null:
 * - a person's pronoun: the earlier question's longest name, else the answer's lead when it asked "who";
 * - "it", "they": the answer's lead when the earlier question asked for a thing ("Which benchmark
 *   suite …?" → "SunSpider"); the counted things of "How many WARN notices were …?" ("the WARN
 *   notices"); else the earlier question's longest name.
 */
function antecedent(message: string, previous: Exchange): string | null {
  const lead = answerLead(previous.answer);
  const names = namesByLength(previous.question);
  if (PERSON.test(message)) {
    if (/^\s*who\b/i.test(previous.question) && lead) return lead;
    return names.find((n) => n.includes(' ')) ?? null;
  }
  if (/^\s*(which|what|who)\b/i.test(previous.question) && lead) return lead;
  const counted =
    /^\s*how many\s+([\p{L}\p{N}\s'’-]+?)\s+(?:were|was|are|is|did|do|does|have|has|had)\b/iu.exec(
      previous.question,
    );
  if (counted && /\b(they|them|their)\b/i.test(message)) return `the ${counted[1]}`;
  return names[0] ?? null;
}

/** `message` with its first pronoun replaced by `name` ("its" → "name's"). */
function withAntecedent(message: string, name: string, pronoun: RegExp): string {
  return message.replace(pronoun, (word) => {
    const possessive = /^(its|their|his|her)$/i.test(word) && !/^her$/i.test(word);
    return possessive ? `${name}'s` : name;
  });
}

/** `previous` with its name of the new name's kind replaced by it, or null when it has none. */
function withNameSwapped(message: string, previous: Exchange): string | null {
  const added = newNames(message, `${previous.question} ${previous.answer}`);
  if (added.length !== 1) return null;
  const name = added[0]!;
  const kind = kindOf(name);
  const replaced = namesIn(previous.question).find((n) => n.length > 1 && kindOf(n) === kind);
  if (!replaced) return null;
  return previous.question.replace(replaced.replace(/['’]s$/, ''), name);
}

/** One follow-up condensed against the exchange before it, or null when no rule applies. */
function condense(message: string, previous: Exchange): string | null {
  const own = message.replace(OPENERS, '').trim();
  const pronoun = PERSON.test(own) ? PERSON : THING.test(own) ? THING : null;
  if (pronoun) {
    const name = antecedent(own, previous);
    if (!name) return null;
    const text = withAntecedent(own, name, pronoun);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  // "What about Kentucky?", "And Ohio?": a name alone, asking the earlier question of it.
  if (own.split(/\s+/).length <= 4 && !/\b(what|which|who|whom|when|where|how|why)\b/i.test(own)) {
    return withNameSwapped(own, previous);
  }
  return null;
}

/**
 * The question the reader should read for `message` given the conversation, or null when it
 * stands on its own or no rule rewrites it (the reader then reads follow-up.ts's completion).
 * Earlier follow-ups are condensed first, in order, so a pronoun can point through them.
 */
export function condensedQuestion(message: string, history: readonly ChatTurn[]): string | null {
  return rewriteInConversation(message, history, condense);
}
