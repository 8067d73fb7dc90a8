/**
 * Candidate answer sentences of the retrieved sources, for the extractive answerer.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A segment that ends with a name's initial ("… IndieHosters F."). */
const ENDS_WITH_INITIAL = /(?:^|\s)\p{Lu}\.$/u;
/** Words that open a sentence, not the surname after an initial ("… Plan B. The next …"). */
const SENTENCE_OPENERS =
  /^(The|A|An|It|Its|This|That|These|Those|There|In|On|At|For|To|We|They|He|She|I|If|When|As|But|And|Or|So|Then|Our|His|Her|Their|One|Each|All|No|Not)\b/;

/**
 * Segments rejoined where the segmenter cut after a name's initial ("F." of "F. Kooman"): a
 * segment ending with a lone capital and a full stop, followed by one opening with a capitalised
 * word that is no sentence opener, is one sentence.
 */
export function joinInitials(segments: readonly string[]): string[] {
  const joined: string[] = [];
  for (const segment of segments) {
    const last = joined.at(-1);
    if (
      last !== undefined &&
      ENDS_WITH_INITIAL.test(last) &&
      /^\p{Lu}\p{Ll}/u.test(segment) &&
      !SENTENCE_OPENERS.test(segment)
    )
      joined[joined.length - 1] = `${last} ${segment}`;
    else joined.push(segment);
  }
  return joined;
}

/**
 * A reference-list entry ("[5] Surfin' Safari - Blog Archive …", "12. A. Gal, …", an RFC's
 * "[AUTHORING] "Using remoteStorage for web authoring", …"): no answer to quote.
 */
const REFERENCE_ENTRY = /^\[\d+\]|^\d+\.\s+\p{Lu}\.|^\[[A-Z][A-Z0-9-]{1,20}\]\s+["“\p{Lu}]/u;
/**
 * A web citation as encyclopedias print them: a quoted title closed before its full stop
 * ('"Mozilla's Firebird gets wings clipped". CNET.'; a quoted sentence closes after it), its
 * author and date ("Festa, Paul (May 6, 2003)."), or the "Retrieved 2014-07-01" / "Archived from
 * the original" of a cited page.
 */
const WEB_CITATION =
  /^["“][^"”]{8,}["”]\.|^\p{Lu}[\p{L}'’-]+, \p{Lu}[\p{L}.'’ ]* \([^)]*\d{4}\)\.|\bRetrieved \d{4}-\d\d-\d\d\b|\bArchived from the original\b/u;
const URL = /https?:\/\/\S+/g;
/** A reference entry, or little more than a link: fewer than eight words besides its URLs. */
const isReference = (s: string) =>
  REFERENCE_ENTRY.test(s) ||
  WEB_CITATION.test(s) ||
  (s.includes('://') && s.replace(URL, ' ').trim().split(/\s+/).length < 8);
/** A section label before a sentence ("DATES:") or a heading glued after it ("… ESTIMATED COSTS"). */
const LEADING_LABEL = /^(\p{Lu}[\p{Lu}\s/&-]{2,}:)\s*/u;
const TRAILING_HEADING = /(\s+\p{Lu}{3,}){2,}$/u;
/** Shorter segments are no sentence of their own: a value on its own line ("$70,923,698.", "Default: 72."). */
const FRAGMENT_CHARS = 20;
/** A list item's bullet ("* ", "• ", "- "), which opens an item of its own. */
const BULLET = /^[*•‣◦▪–-]\s+(?=\S)/u;
/**
 * Bullets inside one line: a list flattened by a parser ("* 500 if …, * 429 if …"). An asterisk
 * between spaces before a word or a figure is a bullet, not a product ("2 * 3" has a digit before it).
 */
const INLINE_BULLET = /(?<=[^\d\s])\s+[*•]\s+(?=[\p{L}\p{N}])/u;
/** A run that opens with a bullet, or holds two bullets or more: a list, split into its items. */
const isList = (run: string) => BULLET.test(run.trimStart()) || run.split(INLINE_BULLET).length > 2;
const withoutLabels = (s: string) =>
  s.replace(BULLET, '').replace(LEADING_LABEL, '').replace(TRAILING_HEADING, '');

/** Joins each fragment to the sentence before it, so a value stays with the words that name it. */
function foldFragments(segments: string[]): string[] {
  const out: string[] = [];
  for (const segment of segments) {
    if (segment.length < FRAGMENT_CHARS && out.length > 0) out[out.length - 1] += ` ${segment}`;
    else out.push(segment);
  }
  return out;
}

/**
 * Leader dots between a table's label and its values ("AOA sensor system test ........ 40
 * work-hours"), as government and financial PDFs set them: one "…", so that the row is one
 * sentence, not one cut at every run of full stops.
 */
const LEADER = /\s*(?:\.\s?){4,}/g;

/**
 * Entries of a table of contents (one or more): a title, the leader, and page (or section)
 * numbers only ("Bearer tokens and access control … 9 10."). A row of values ("AOA sensor system test … 40
 * work-hours", "Labor … $85") says more after its leader.
 */
const CONTENTS_ENTRY = /^(?:[^…]{3,100} … \d{1,3}(?: \d{1,3})?\.?(?: |$))+$/;
const isContentsEntry = (s: string) => CONTENTS_ENTRY.test(s);
/** This many entries in one chunk make a table of contents, whose entries answer nothing. */
const CONTENTS_ENTRIES = 3;

/** A table row as the parsers write it: cells joined by " | ". */
export const TABLE_ROW = / \| /;

/** A short function word a title may hold in lower case ("Costs of Compliance"). */
const TITLE_SMALL_WORDS = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/**
 * A line that reads as a section title a parser kept as text (a PDF's bold run-in heading,
 * "Background", "Costs of Compliance"): at most six words, each capitalised but for short
 * function words, no closing punctuation, before a paragraph (80 characters or more) that opens
 * with a capital. A name over a short line ("Jane Doe" / "Chief Executive Officer") stays with it.
 */
function isTitleLine(line: string, next: string | undefined): boolean {
  const words = line.trim().split(/\s+/);
  return (
    words.length <= 6 &&
    !/[.:;,!?)"”]$/.test(line.trim()) &&
    /^\p{Lu}/u.test(words[0] ?? '') &&
    words.every((w) => /^[\p{Lu}\d]/u.test(w) || TITLE_SMALL_WORDS.has(w)) &&
    next !== undefined &&
    next.length >= 80 &&
    /^\p{Lu}/u.test(next.trimStart()) &&
    !TABLE_ROW.test(next)
  );
}

const headingKey = (s: string) =>
  s
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Sentences of a chunk, whitespace-normalised, without fragments too short to answer anything.
 * Table rows are units of their own, not parts of one sentence running over the whole table;
 * other lines run together, so a value and its label on the next line stay one candidate.
 * `headings` (the chunk's heading path, outermost first) names the lines that are section titles:
 * the parsers write a heading as a line of its own, which would otherwise open the next sentence
 * ("Ferry fares A single ticket costs …"); a short title-cased line before a capitalised one is
 * read as a title too (`isTitleLine`: a PDF's bold heading in the body's size).
 */
export function sentencesOf(text: string, headings: readonly string[] = []): string[] {
  const headingLines = new Set(headings.map(headingKey).filter((h) => h.length > 0));
  const runs: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) runs.push(prose.join(' '));
    prose = [];
  };
  const lines = text.split(/\n+/);
  for (const [i, line] of lines.entries()) {
    if (TABLE_ROW.test(line)) {
      flush();
      runs.push(line);
    } else if (
      /^#{1,6} /.test(line) ||
      headingLines.has(headingKey(line)) ||
      isTitleLine(line, lines[i + 1])
    ) {
      // A heading is the section's name, not a sentence of its text.
      flush();
    } else {
      // A list item is a unit of its own (its wrapped lines follow it), not the end of the
      // sentence before it: items seldom end with a full stop.
      // A short item ("- Python 3.8+") stays with the lines around it, which say what it is.
      if (BULLET.test(line.trimStart()) && line.trim().length >= FRAGMENT_CHARS) flush();
      prose.push(line);
    }
  }
  flush();
  const sentences = runs
    // An item's closing comma or semicolon separates it from the next item, not from its citation.
    .flatMap((run) =>
      isList(run)
        ? // A short item ("* Python 3.8") stays with the one before it, as a fragment does.
          foldFragments(run.split(INLINE_BULLET).map((item) => item.replace(/\s*[,;]\s*$/, '')))
        : [run],
    )
    // A table row is one unit: its cells are no sentences ("Yahoo! Inc. | San Jose | 127" would
    // be cut after "Inc.", parting the count from the company).
    .flatMap((run) =>
      TABLE_ROW.test(run)
        ? [run.replace(/\s+/g, ' ').trim()]
        : foldFragments(
            joinInitials(
              [...segmenter.segment(run.replace(LEADER, ' … ').replace(/\s+/g, ' '))].map((s) =>
                s.segment.trim(),
              ),
            ),
          ),
    )
    .map(withoutLabels)
    .filter((s) => s.length >= 20 && s.length <= 800 && /\p{L}/u.test(s) && !isReference(s));
  const contents = sentences.filter(isContentsEntry).length >= CONTENTS_ENTRIES;
  return contents ? sentences.filter((s) => !isContentsEntry(s)) : sentences;
}

/** One candidate sentence: where it sits, so features can read its neighbours and its source. */
export interface Candidate {
  sentence: string;
  /** 1-based citation number of its source ([n] = sources[n-1]). */
  citation: number;
  /** Position among its source's sentences, 0-based. */
  index: number;
  /** The sentences before and after it in its source ('' at an edge). */
  previous: string;
  next: string;
}

/** Every candidate sentence of the sources, in source then text order. */
export function candidatesOf(
  sources: readonly { text: string; headingPath?: readonly string[] }[],
): Candidate[] {
  return sources.flatMap((source, s) => {
    const sentences = sentencesOf(source.text, source.headingPath);
    return sentences.map((sentence, index) => ({
      sentence,
      citation: s + 1,
      index,
      previous: sentences[index - 1] ?? '',
      next: sentences[index + 1] ?? '',
    }));
  });
}
