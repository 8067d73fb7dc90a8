/**
 * Joining PDF lines into running text, with safe de-hyphenation: "conver-" + "sion" becomes
 * "conversion", but a compound the document itself writes with a hyphen ("type-specialized")
 * keeps it. The document's own vocabulary decides.
 */

const LINE_END_HYPHEN = /(\p{L}*\p{Ll})[-\u2010]$/u;
const FIRST_WORD = /^(\p{Ll}+)/u;
const DASH_END = /\S[-\u2010\u2013\u2014/]$/;

export class WordJoiner {
  private readonly words = new Set<string>();
  private readonly compounds = new Set<string>();

  /** Learns the document's words from all of its line texts. */
  constructor(texts: Iterable<string>) {
    for (const text of texts) {
      for (const match of text.toLowerCase().matchAll(/\p{L}+(?:-\p{L}+)*/gu)) {
        const token = match[0];
        if (token.includes('-')) this.compounds.add(token);
        for (const part of token.split('-')) this.words.add(part);
      }
    }
  }

  /** Appends line `next` to the running text `text`. */
  join(text: string, next: string): string {
    const head = text.trimEnd();
    const tail = next.trimStart();
    if (head.endsWith('\u00AD')) return head.slice(0, -1) + tail;
    // Only the ends matter; testing them alone keeps long paragraphs linear.
    const end = head.slice(-64);
    const hyphen = LINE_END_HYPHEN.exec(end);
    const first = FIRST_WORD.exec(tail.slice(0, 64));
    if (hyphen && first) {
      const left = hyphen[1]!.toLowerCase();
      const right = first[1]!.toLowerCase();
      const keep = this.compounds.has(`${left}-${right}`) && !this.words.has(left + right);
      return keep ? head + tail : head.slice(0, -1) + tail;
    }
    // "FAA-" + "approved", "737–" + "9", "and/" + "or": a dash or slash glued to a word continues it.
    if (DASH_END.test(end)) return head + tail;
    return `${head} ${tail}`;
  }
}
