/**
 * Names in a conversation, for completing follow-ups (follow-up.ts): which names a follow-up
 * brings that the conversation has not seen, and which of the earlier question's names they
 * replace — a month replaces a month, a year a year, an acronym an acronym, any other name the
 * other names, except the conversation's topic: a name that is a word of the name of a document
 * the earlier answer cited ("Where can Java developers get Mammoth?" then "What about Python
 * users?": Python replaces Java, and Mammoth, a word of `mammoth-README.md`, stays).
 */

/** A name: a capitalised word that is not the text's first word, or a year. */
const NAME = /(?<!^)\b\p{Lu}[\p{L}\p{N}'’-]*|\b(1\d|20)\d\d\b/gu;
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
const MONTH = /^(January|February|March|April|May|June|July|August|September|October|November|December)$/;
const YEAR = /^\d{4}$/;
const OPENERS = /^(\s*(and|also|what about|how about|same for|and for|or|then|so)\b[\s,]*)+/i;
/** At most this many words, a bare answer-like follow-up's first word may be a name ("Kentucky?"). */
const BARE_WORDS = 3;
/** Lower-case words inside a name ("District of Columbia"). */
const CONNECTOR = /^(of|the|de|and|du|la|le|von|van)$/;

export type Kind = 'month' | 'year' | 'acronym' | 'name';

/** What sort of name `name` is, for replacing like with like. */
export function kindOf(name: string): Kind {
  if (MONTH.test(name)) return 'month';
  if (YEAR.test(name)) return 'year';
  return ACRONYM.test(name) ? 'acronym' : 'name';
}

/** Lower case, possessive and punctuation left out: how two names are compared. */
const key = (name: string): string =>
  name
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The names of `text`: capitalised words after its first word, acronyms, years. A bare name of
 * at most three words after the openers ("New Mexico?", "District of Columbia?") counts whole.
 */
export function namesIn(text: string): string[] {
  // A lone capital ("U.S.", "a Plan B") is no name to replace or to add.
  const names: string[] = (text.match(NAME) ?? []).filter((n) => n.length > 1);
  const bare = text
    .replace(OPENERS, '')
    .replace(/[?.!]+$/, '')
    .trim()
    .split(/\s+/);
  const first = bare[0] ?? '';
  const aName = bare.length <= BARE_WORDS && bare.every((w) => /^\p{Lu}/u.test(w) || CONNECTOR.test(w));
  if (aName && /^\p{Lu}/u.test(first) && !names.includes(first)) names.unshift(first);
  return names;
}

/** The names of `message` that `earlier` (the conversation's text so far) does not contain. */
export function newNames(message: string, earlier: string): string[] {
  const seen = new Set((earlier.match(/[\p{L}\p{N}'’-]+/gu) ?? []).map(key));
  return namesIn(message).filter((n) => !seen.has(key(n)));
}

/** Whether `name` is a word of one of the document names (`mammoth-README.md` → mammoth, readme, md). */
function isTopic(name: string, documents: readonly string[]): boolean {
  const k = key(name);
  return documents.some((d) =>
    d
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .includes(k),
  );
}

/** A possessive pronoun: the follow-up keeps the earlier question's owner ("at its San Jose site"). */
const POSSESSIVE = /\b(its|their|his|her)\b/i;
/** A run of capitalised words in the possessive ("Boston Scientific's"): an owner. */
const OWNER = /\p{Lu}[\p{L}\p{N}&.-]*(?:\s+\p{Lu}[\p{L}\p{N}&.-]*)*(?=['’]s\b)/gu;

/** A run of capitalised words after the text's first word ("Walmart", "Boston Scientific"). */
const RUN = /(?<!^)\b\p{Lu}[\p{L}\p{N}&.-]*(?:\s+\p{Lu}[\p{L}\p{N}&.-]*)*/gu;

/**
 * Who "its" or "their" in a follow-up points back to, in the earlier question: the names it puts
 * in the possessive ("Boston Scientific's Fremont closure"), else its first name of two or more
 * ("when Walmart closed its Oakland store": Walmart, the sentence's subject; Oakland is replaced).
 */
function ownersOf(question: string): string[] {
  const possessive = question.match(OWNER) ?? [];
  if (possessive.length > 0) return possessive;
  const runs = (question.match(RUN) ?? []).filter((r) => r.length > 1 && kindOf(r) === 'name');
  return runs.length >= 2 ? [runs[0]!] : [];
}

/**
 * `question` without the names that `replacing` replaces: those of the same kind, topic names
 * (words of the cited `documents`' names) kept, and, when `message` (the follow-up) says "its",
 * "their", "his" or "her", the owner the question names in the possessive: "And at its San Jose
 * site?" after "How many jobs did Boston Scientific's Fremont closure affect?" replaces Fremont,
 * not Boston Scientific.
 */
export function withoutReplaced(
  question: string,
  replacing: readonly string[],
  documents: readonly string[],
  message = '',
): string {
  if (replacing.length === 0) return question;
  const kinds = new Set(replacing.map(kindOf));
  const owners = POSSESSIVE.test(message)
    ? new Set(
        ownersOf(question)
          .flatMap((o) => o.split(/\s+/))
          .map(key),
      )
    : new Set<string>();
  return question.replace(NAME, (name) =>
    name.length > 1 && kinds.has(kindOf(name)) && !isTopic(name, documents) && !owners.has(key(name))
      ? ''
      : name,
  );
}
