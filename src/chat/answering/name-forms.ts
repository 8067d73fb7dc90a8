/**
 * The other forms a name of the question takes in a document. People ask with the short form
 * ("the pdfplumber CLI", "PDF.metadata") of what a document writes out ("Command line interface",
 * ".metadata" under the heading "The pdfplumber.PDF class"): a name the text holds in one of
 * these forms is no name the sources lack (features.ts `novelNames`, constraints.ts).
 */

/** An acronym as people write it: two to six capitals (or digits after the first), "CLI", "NSF". */
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]{1,5}$/u;
/** Words an acronym's expansion may hold without an initial of theirs ("Department of Justice"). */
const CONNECTORS = new Set(['of', 'and', 'for', 'the', 'de', 'on', 'in']);

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * True when `text` writes `acronym` out: consecutive words whose initials spell it, connectors
 * (of, and, the …) allowed between them ("command line interface" for CLI, "National Science
 * Foundation" for NSF). Case is ignored in `text`.
 * @param acronym an ACRONYM-shaped name; any other name gives false
 */
export function spellsOut(text: string, acronym: string): boolean {
  if (!ACRONYM.test(acronym)) return false;
  const letters = acronym.toLowerCase();
  const words = wordsOf(text);
  for (let start = 0; start < words.length; start++) {
    let i = start;
    let k = 0;
    while (k < letters.length && i < words.length) {
      const word = words[i]!;
      if (word[0] === letters[k]) k++;
      else if (k === 0 || !CONNECTORS.has(word)) break;
      i++;
    }
    if (k === letters.length) return true;
  }
  return false;
}

/**
 * True when `text` holds every part of a dotted name as a word: "PDF.metadata" in a chunk under
 * "The pdfplumber.PDF class" whose row reads ".metadata | A dictionary …". Case is ignored.
 * @param name a name with a dot between two parts; any other name gives false
 */
export function holdsParts(text: string, name: string): boolean {
  const parts = name.toLowerCase().split('.').filter(Boolean);
  if (parts.length < 2) return false;
  const words = new Set(wordsOf(text));
  return parts.every((p) => wordsOf(p).every((w) => words.has(w)));
}

/** True when `text` holds `name` in another form: spelled out (an acronym) or part by part (a dotted name). */
export function holdsOtherForm(text: string, name: string): boolean {
  return spellsOut(text, name) || holdsParts(text, name);
}
