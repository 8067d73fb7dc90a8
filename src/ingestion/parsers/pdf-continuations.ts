/**
 * PDF text geometry, step 2b (whole document): a paragraph cut by a column or page break is
 * joined again. pdf.js gives text per page, and the layout reads each column on its own, so a
 * sentence that runs from the foot of one column to the head of the next ("… after takeoff from
 * Soekarno-" / "Hatta International Airport in Jakarta …") became two blocks, often with the
 * page's running head or its footnotes between them. Cut in two, the sentence is two half
 * sentences: neither is retrieved nor quoted whole.
 */
import type { RawBlock } from './pdf-layout.ts';
import type { WordJoiner } from './pdf-words.ts';

/** A raw block with the 0-based index of its page. */
export interface PagedBlock {
  block: RawBlock;
  page: number;
}

/** A paragraph that ends mid-sentence: a word, a figure, a comma, a dash or an operator. */
const OPEN_END = /(\p{L}|\d|,|[-\u2010\u2013\u2014=×+])$/u;
/** Ends in a dash or a comma: what follows continues it, whatever its first letter. */
const JOINING_END = /[,\-\u2010\u2013\u2014]$/u;
/** Ends in an operator ("40 work-hours × $85 per hour ="): what follows is its other side. */
const OPERATOR_END = /[=×+]$/u;
const LOWER_START = /^\p{Ll}/u;
/** A caption ends without a full stop and is no sentence cut short. */
const CAPTION = /^(table|figure|fig\.|listing|algorithm|chart|exhibit)\s*\d+[a-z]?\s*[:.]/i;
/** Blocks looked past for the continuation: a running head, a page number, footnotes. */
const MAX_SKIPPED = 12;
/** Font sizes within this many points are the same text style. */
const SAME_SIZE = 0.6;
/** A block this short, in characters, may be a running head or a page number whatever its size. */
const SHORT_BLOCK = 60;

/**
 * Joins each open paragraph with its continuation: the next paragraph in the same font size
 * that starts with a lower-case letter (or with any letter, when the first ends in a dash or a
 * comma; or with anything, after an operator such as "="), on the same or the next page, past at
 * most MAX_SKIPPED blocks that are short or set in another size (running heads, page numbers,
 * footnotes, figure labels). The continuation's text moves into the open paragraph (joined with
 * the document's de-hyphenation); the blocks between keep their place after it. Conservative by
 * design: a block that starts with a capital after a whole word is a new paragraph, and an open
 * block in another size than the body's is left alone unless it ends in an operator.
 * @param blocks the document's raw blocks in reading order; not modified
 * @param bodySize the body text's font size, in points
 * @param isHeading whether a block is a heading (never open; looked past like a running head)
 */
export function joinContinuations(
  blocks: readonly PagedBlock[],
  bodySize: number,
  words: WordJoiner,
  isHeading: (block: RawBlock) => boolean,
): PagedBlock[] {
  const out = blocks.map((b) => ({ ...b, block: { ...b.block } }));
  const removed = new Set<number>();
  for (let i = 0; i < out.length; i++) {
    if (removed.has(i)) continue;
    const open = out[i]!;
    // A paragraph can take several continuations in a row (a page, then a column break).
    for (;;) {
      const next = continuationOf(out, i, removed, bodySize, isHeading);
      if (next === null) break;
      open.block.text = words.join(open.block.text, out[next]!.block.text);
      open.block.lineCount += out[next]!.block.lineCount;
      removed.add(next);
    }
  }
  return out.filter((_, i) => !removed.has(i));
}

/** The index of `blocks[i]`'s continuation, or null. */
function continuationOf(
  blocks: readonly PagedBlock[],
  i: number,
  removed: ReadonlySet<number>,
  bodySize: number,
  isHeading: (block: RawBlock) => boolean,
): number | null {
  const open = blocks[i]!;
  const text = open.block.text.trimEnd();
  if (open.block.kind === 'table-row' || isHeading(open.block) || CAPTION.test(text)) return null;
  if (!OPEN_END.test(text)) return null;
  // Text in another size (notes, figure labels) is left as it is, but for a table's cut formula.
  if (Math.abs(open.block.size - bodySize) > SAME_SIZE && !OPERATOR_END.test(text)) return null;
  let skipped = 0;
  for (let j = i + 1; j < blocks.length && skipped <= MAX_SKIPPED; j++) {
    if (removed.has(j)) continue;
    const candidate = blocks[j]!;
    if (candidate.page > open.page + 1) return null;
    const sameStyle =
      !isHeading(candidate.block) && Math.abs(candidate.block.size - open.block.size) <= SAME_SIZE;
    const fragment =
      candidate.block.text.length <= SHORT_BLOCK && OPEN_END.test(candidate.block.text.trimEnd());
    // A short unfinished line in the body's style is a figure's label ("null, or undefined").
    if (candidate.block.kind === 'paragraph' && sameStyle && !fragment) {
      const start = candidate.block.text.trimStart();
      // After a comma or a dash any word continues; "(2) Will not …" is the next item.
      return LOWER_START.test(start) ||
        (JOINING_END.test(text) && /^\p{L}/u.test(start)) ||
        OPERATOR_END.test(text)
        ? j
        : null;
    }
    // Anything in the body's style that is not a paragraph (a list, a table) ends the search.
    if (sameStyle && !fragment && candidate.block.text.length > SHORT_BLOCK) return null;
    skipped++;
  }
  return null;
}
