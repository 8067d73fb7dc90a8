import t from 'tap';
import { AutoTokenizer, env } from '@huggingface/transformers';
import {
  chunkDocument,
  chunkDocumentAsync,
  chunkTextForEmbedding,
  DEFAULT_CHUNKING,
  type Chunk,
  type TokenCounter,
} from '../../src/ingestion/chunker.ts';
import type { DocumentBlock, ParsedDocument } from '../../src/ingestion/parsers/types.ts';

// The real BERT-uncased WordPiece tokenizer of gte-small, from the local model directory.
env.allowRemoteModels = false;
env.localModelPath = '/work/shared/models/tokenizers-only/';
const tok = await AutoTokenizer.from_pretrained('Xenova/gte-small');
const bert: TokenCounter = { count: (text) => tok.encode(text, { add_special_tokens: false }).length };

const doc = (blocks: DocumentBlock[], title: string | null = null): ParsedDocument => ({
  blocks,
  pageCount: null,
  title,
});
const h = (text: string, level: number, page?: number): DocumentBlock => ({
  kind: 'heading',
  text,
  level,
  page,
});
const p = (text: string, page?: number): DocumentBlock => ({ kind: 'paragraph', text, page });
const row = (text: string): DocumentBlock => ({ kind: 'table-row', text });
const item = (text: string): DocumentBlock => ({ kind: 'list-item', text });

/** Sixteen BERT tokens each, distinct by one single-token number word. */
const NUMBERS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const S = NUMBERS.map(
  (n) => `Employees accrue ${n} days of paid leave for every month of continuous service.`,
);

type Assert = Pick<typeof t, 'same' | 'equal'>;

/** Invariants every chunking must satisfy: limit, exact count, indices, and no word lost. */
function checkInvariants(
  t: Assert,
  d: ParsedDocument,
  chunks: Chunk[],
  maxTokens: number,
  counter = bert,
  wordsIntact = true,
) {
  const over = chunks.filter((c) => c.tokenCount > maxTokens);
  t.same(over, [], `no chunk over ${maxTokens} tokens`);
  const miscounted = chunks.filter((c) => c.tokenCount !== counter.count(c.text));
  t.equal(miscounted.length, 0, 'tokenCount is the count of the final text');
  t.same(
    chunks.map((c) => c.index),
    chunks.map((_, i) => i),
    'indices are 0..n-1',
  );
  if (!wordsIntact) return;
  const words = new Set(chunks.flatMap((c) => c.text.split(/\s+/)));
  const lost = d.blocks.flatMap((b) => b.text.split(/\s+/)).filter((w) => w !== '' && !words.has(w));
  t.same(lost, [], 'every word of the input appears in some chunk');
}

t.test('an empty document gives no chunks', async (t) => {
  t.same(chunkDocument(doc([]), bert, DEFAULT_CHUNKING), []);
  t.same(chunkDocument(doc([p('   '), h('', 1)]), bert, DEFAULT_CHUNKING), []);
});

t.test('DEFAULT_CHUNKING suits a 512-token embedder', async (t) => {
  t.same(DEFAULT_CHUNKING, { maxTokens: 256, overlapTokens: 32 });
  t.ok(Object.isFrozen(DEFAULT_CHUNKING));
});

t.test('invalid options are refused', async (t) => {
  t.throws(() => chunkDocument(doc([p('x')]), bert, { maxTokens: 8, overlapTokens: 0 }), RangeError);
  t.throws(() => chunkDocument(doc([p('x')]), bert, { maxTokens: 64, overlapTokens: 40 }), RangeError);
  t.throws(() => chunkDocument(doc([p('x')]), bert, { maxTokens: 64.5, overlapTokens: 0 }), RangeError);
});

t.test('headings build a path by level and open sections', async (t) => {
  const d = doc([
    p('Preface text.'),
    h('Handbook', 1),
    p('About the handbook.'),
    h('Leave', 2),
    p('Leave rules.'),
    h('Carry-over', 3),
    p('Carry-over rules.'),
    h('Benefits', 2),
    p('Benefit rules.'),
    h('Appendix', 1),
    p('Forms.'),
  ]);
  const chunks = chunkDocument(d, bert, DEFAULT_CHUNKING);
  t.same(
    chunks.map((c) => [c.headingPath, c.text]),
    [
      [[], 'Preface text.'],
      [['Handbook'], 'Handbook\nAbout the handbook.'],
      [['Handbook', 'Leave'], 'Leave\nLeave rules.'],
      [['Handbook', 'Leave', 'Carry-over'], 'Carry-over\nCarry-over rules.'],
      [['Handbook', 'Benefits'], 'Benefits\nBenefit rules.'],
      [['Appendix'], 'Appendix\nForms.'],
    ],
  );
  checkInvariants(t, d, chunks, DEFAULT_CHUNKING.maxTokens);
});

t.test('a heading is never a chunk alone, but its text is never lost', async (t) => {
  const d = doc([
    h('Policies', 1),
    h('Scope', 2),
    h('Definitions', 2),
    p('A day is a working day.'),
    h('Annex', 1),
  ]);
  const chunks = chunkDocument(d, bert, DEFAULT_CHUNKING);
  t.same(
    chunks.map((c) => [c.headingPath, c.text]),
    [
      [['Policies', 'Definitions'], 'Policies\nScope\nDefinitions\nA day is a working day.'],
      [['Annex'], 'Annex'], // a trailing section with no body still yields its heading
    ],
  );
});

t.test('an oversize paragraph is split at sentence boundaries', async (t) => {
  for (const s of S) t.equal(bert.count(s), 16, 'fixture sentence is 16 tokens');
  const d = doc([p(S.slice(0, 10).join(' '))]);
  const noOverlap = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 0 });
  t.same(
    noOverlap.map((c) => c.text),
    [S.slice(0, 4).join(' '), S.slice(4, 8).join(' '), S.slice(8, 10).join(' ')],
  );
  t.same(
    noOverlap.map((c) => c.tokenCount),
    [64, 64, 32],
  );
  const withOverlap = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 16 });
  t.same(
    withOverlap.map((c) => c.text),
    [S.slice(0, 4).join(' '), S.slice(3, 7).join(' '), S.slice(6, 10).join(' ')],
    'each continuation repeats the previous last sentence',
  );
  checkInvariants(t, d, withOverlap, 64);
});

t.test('abbreviations do not end a sentence', async (t) => {
  const text = 'Dr. Smith approves requests, e.g. for travel. Mr. Jones approves the rest.';
  const d = doc([p(text)]);
  // 16 tokens is less than the whole paragraph but more than either sentence.
  t.ok(bert.count(text) > 16);
  const chunks = chunkDocument(d, bert, { maxTokens: 16, overlapTokens: 0 });
  t.same(
    chunks.map((c) => c.text),
    ['Dr. Smith approves requests, e.g. for travel.', 'Mr. Jones approves the rest.'],
  );
});

t.test('split text is restored exactly, even where a sentence ends without a space', async (t) => {
  const text = `See https://example.com/leave?year=2024&team=hr for forms. ${S.slice(0, 6).join(' ')} Done?Yes.`;
  const chunks = chunkDocument(doc([p(text)]), bert, { maxTokens: 40, overlapTokens: 0 });
  t.ok(chunks.length >= 3);
  t.ok(
    chunks.some((c) => c.text.includes('https://example.com/leave?year=2024&team=hr')),
    'the URL is intact',
  );
  t.ok(
    chunks.some((c) => c.text.endsWith(' Done?Yes.')),
    'no space inserted between sentences',
  );
  t.equal(chunks.map((c) => c.text).join(' '), text, 'every break falls at a space');
});

t.test('text without spaces (Japanese) is split at sentence ends', async (t) => {
  const sentence = '年次有給休暇は入社日から付与されます。';
  const text = sentence.repeat(30);
  const chunks = chunkDocument(doc([p(text)]), bert, { maxTokens: 64, overlapTokens: 0 });
  t.ok(chunks.length > 1);
  t.equal(chunks.map((c) => c.text).join(''), text);
  t.same(
    chunks.filter((c) => !c.text.endsWith('。')),
    [],
    'every chunk ends at a sentence end',
  );
  checkInvariants(t, doc([p(text)]), chunks, 64, bert, false);
});

t.test('overlap within a section, none across a heading', async (t) => {
  const d = doc([
    h('Leave', 1),
    p(S.slice(0, 3).join(' ')),
    p(S.slice(3, 5).join(' ')),
    h('Carry-over', 1),
    p('Unused days expire at the end of March.'),
  ]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 16 });
  t.same(
    chunks.map((c) => c.text),
    [
      `Leave\n${S.slice(0, 3).join(' ')}`,
      `${S[2]}\n${S.slice(3, 5).join(' ')}`, // the previous chunk's last sentence, then new content
      'Carry-over\nUnused days expire at the end of March.', // new section: no overlap
    ],
  );
  t.same(
    chunks.map((c) => c.headingPath),
    [['Leave'], ['Leave'], ['Carry-over']],
  );
  checkInvariants(t, d, chunks, 64);
});

t.test('overlap never exceeds its budget and never cuts a sentence', async (t) => {
  // The tail sentence (16 tokens) is over an 8-token budget: no overlap at all.
  const d = doc([p(S.slice(0, 3).join(' ')), p(S.slice(3, 5).join(' '))]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 8 });
  t.same(
    chunks.map((c) => c.text),
    [S.slice(0, 3).join(' '), S.slice(3, 5).join(' ')],
  );
});

t.test('consecutive table rows stay together', async (t) => {
  const rows = ['Type | Days', 'Annual | 25', 'Sick | 10', 'Parental | 90', 'Unpaid | 30', 'Study | 5'];
  const d = doc([h('Types', 1), p(S.slice(0, 3).join(' ')), ...rows.map(row), p('Ask HR for details.')]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 16 });
  t.equal(chunks.length, 2);
  t.equal(chunks[0]!.text, `Types\n${S.slice(0, 3).join(' ')}`);
  // The table did not fit after the paragraph, so it opened a chunk (with the sentence overlap).
  t.equal(chunks[1]!.text, `${S[2]}\n${rows.join('\n')}\nAsk HR for details.`);
  checkInvariants(t, d, chunks, 64);
});

t.test('a table larger than a chunk repeats its header row and never splits a row', async (t) => {
  const header = 'Type | Days';
  const rows = Array.from({ length: 30 }, (_, i) => `Leave kind ${i} | ${i + 10} days`);
  const d = doc([...[header, ...rows].map(row)]);
  const chunks = chunkDocument(d, bert, { maxTokens: 48, overlapTokens: 8 });
  t.ok(chunks.length >= 4, `${chunks.length} chunks`);
  for (const c of chunks) t.ok(c.text.startsWith(`${header}\n`), `chunk ${c.index} starts with the header`);
  const lines = chunks.flatMap((c) => c.text.split('\n').filter((l) => l !== header));
  t.same(lines, rows, 'every row exactly once, whole and in order');
  checkInvariants(t, d, chunks, 48);
});

t.test('consecutive list items stay together', async (t) => {
  const items = S.slice(5, 7);
  const d = doc([p(S.slice(0, 3).join(' ')), ...items.map(item), h('Next', 1), p('End.')]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 0 });
  t.same(
    chunks.map((c) => c.text),
    [S.slice(0, 3).join(' '), items.join('\n'), 'Next\nEnd.'],
  );
});

t.test('oversize code is split at line boundaries', async (t) => {
  const lines = Array.from({ length: 40 }, (_, i) => `const value${i} = compute(${i});`);
  const d = doc([{ kind: 'code', text: lines.join('\n') }]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 0 });
  t.ok(chunks.length > 1);
  t.same(
    chunks.flatMap((c) => c.text.split('\n')),
    lines,
    'whole lines, in order',
  );
  checkInvariants(t, d, chunks, 64);
});

t.test('a giant string without spaces is split at word boundaries, losslessly', async (t) => {
  const giant = 'ab-'.repeat(3000);
  const d = doc([p(giant)]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 16 });
  t.ok(chunks.length >= 90, `${chunks.length} chunks`);
  t.equal(chunks.map((c) => c.text).join(''), giant, 'no overlap inside a word, nothing lost');
  t.same(
    chunks.filter((c) => c.text.startsWith('b') || c.text.endsWith('a')),
    [],
    '"ab" never cut',
  );
  checkInvariants(t, d, chunks, 64, bert, false);
});

t.test('a single word longer than a chunk is cut as the last resort', async (t) => {
  const perChar: TokenCounter = { count: (text) => text.length };
  const giant = 'x'.repeat(1000);
  const d = doc([h('Blob', 1), p(giant)]);
  const chunks = chunkDocument(d, perChar, { maxTokens: 64, overlapTokens: 0 });
  t.equal(chunks[0]!.text, `Blob\n${'x'.repeat(59)}`, 'the heading keeps the first piece');
  t.equal(chunks.map((c) => c.text.replace('Blob\n', '')).join(''), giant);
  t.same(chunks.map((c) => c.tokenCount).slice(1, -1), Array(chunks.length - 2).fill(64));
  checkInvariants(t, d, chunks, 64, perChar, false);
});

t.test('page spans cover the blocks in each chunk, overlap included', async (t) => {
  const d = doc([
    p(S.slice(0, 3).join(' '), 1),
    p(S.slice(3, 6).join(' '), 2),
    p(S.slice(6, 9).join(' '), 3),
  ]);
  const chunks = chunkDocument(d, bert, { maxTokens: 64, overlapTokens: 16 });
  t.same(
    chunks.map((c) => [c.pageStart, c.pageEnd]),
    [
      [1, 1],
      [1, 2],
      [2, 3],
    ],
  );
  const together = chunkDocument(doc([h('A', 1, 1), p('x.', 2), p('y.', 4)]), bert, DEFAULT_CHUNKING);
  t.same(
    together.map((c) => [c.pageStart, c.pageEnd]),
    [[1, 4]],
  );
  const unpaged = chunkDocument(doc([p('No pages here.')]), bert, DEFAULT_CHUNKING);
  t.same(
    unpaged.map((c) => [c.pageStart, c.pageEnd]),
    [[null, null]],
  );
});

t.test('a counter that is not additive over joins still gets verified limits', async (t) => {
  // Every newline past the first costs 4 tokens: the per-piece sums underestimate.
  const lumpy: TokenCounter = {
    count: (text) =>
      (text.match(/\S+/g)?.length ?? 0) + 4 * Math.max(0, (text.match(/\n/g)?.length ?? 0) - 1),
  };
  const d = doc([h('Lines', 1), ...Array.from({ length: 40 }, (_, i) => p(`short line ${i}`))]);
  const chunks = chunkDocument(d, lumpy, { maxTokens: 32, overlapTokens: 0 });
  t.ok(chunks.length > 4);
  checkInvariants(t, d, chunks, 32, lumpy);
});

t.test('chunkTextForEmbedding prefixes the title and heading path', async (t) => {
  const chunk: Chunk = {
    index: 0,
    text: 'Unused days expire.',
    tokenCount: 4,
    pageStart: 3,
    pageEnd: 3,
    sheet: null,
    rowStart: null,
    rowEnd: null,
    slide: null,
    headingPath: ['Handbook', 'Leave', 'Carry-over'],
  };
  t.equal(chunkTextForEmbedding(chunk, 'Handbook'), 'Handbook > Leave > Carry-over\nUnused days expire.');
  t.equal(
    chunkTextForEmbedding(chunk, 'HR Manual 2024'),
    'HR Manual 2024 > Handbook > Leave > Carry-over\nUnused days expire.',
  );
  t.equal(chunkTextForEmbedding({ ...chunk, headingPath: [] }, null), 'Unused days expire.');
  t.equal(chunkTextForEmbedding({ ...chunk, headingPath: [] }, 'Guide'), 'Guide\nUnused days expire.');
  const long = Array.from({ length: 6 }, (_, i) => `${i}`.repeat(60));
  t.equal(
    chunkTextForEmbedding({ ...chunk, headingPath: long }, 'T'),
    `T > … > ${long.slice(3).join(' > ')}\nUnused days expire.`,
    'middle headings are elided',
  );
  t.equal(
    chunkTextForEmbedding({ ...chunk, headingPath: ['y'.repeat(100)] }, null),
    `${'y'.repeat(79)}…\nUnused days expire.`,
  );
});

/** A deterministic handbook-like document of about `chars` characters. */
function syntheticHandbook(chars: number): ParsedDocument {
  const vocab = (
    'employee leave policy manager approval request salary benefit insurance pension training ' +
    'travel expense report security access device holiday overtime contract notice period review'
  ).split(' ');
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const sentence = () => {
    const words = Array.from({ length: 8 + rand(14) }, () => vocab[rand(vocab.length)]!);
    return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
  };
  const blocks: DocumentBlock[] = [];
  let size = 0;
  let tag = 0;
  const push = (b: Omit<DocumentBlock, 'page'>) => {
    // A unique word per block, so that "no text lost" checks every block.
    const block = { ...b, text: `${b.text} tag${tag++}`, page: 1 + Math.floor(size / 900) };
    blocks.push(block);
    size += block.text.length;
  };
  for (let chapter = 1; size < chars; chapter++) {
    push({ kind: 'heading', level: 1, text: `Chapter ${chapter}` });
    for (let section = 1; section <= 6 && size < chars; section++) {
      push({ kind: 'heading', level: 2, text: `Section ${chapter}.${section}` });
      for (let k = 0; k < 8; k++) {
        const r = rand(10);
        if (r < 6)
          push({ kind: 'paragraph', text: Array.from({ length: 1 + rand(12) }, sentence).join(' ') });
        else if (r < 8) for (let i = rand(8); i >= 0; i--) push({ kind: 'list-item', text: sentence() });
        else {
          push({ kind: 'table-row', text: 'Item | Amount | Notes' });
          for (let i = rand(40); i >= 0; i--)
            push({ kind: 'table-row', text: `${sentence()} | ${rand(999)} |` });
        }
      }
    }
  }
  return { blocks, pageCount: Math.ceil(size / 900), title: 'Synthetic Handbook' };
}

t.test('an 800k-character handbook is chunked losslessly', async (t) => {
  const d = syntheticHandbook(800_000);
  const chars = d.blocks.reduce((n, b) => n + b.text.length, 0);
  t.ok(chars >= 800_000, `${chars} characters in ${d.blocks.length} blocks over ${d.pageCount} pages`);
  const chunks = chunkDocument(d, bert, DEFAULT_CHUNKING);
  checkInvariants(t, d, chunks, DEFAULT_CHUNKING.maxTokens);
  const mean = chunks.reduce((n, c) => n + c.tokenCount, 0) / chunks.length;
  t.ok(mean > 150, `chunks are well filled (mean ${Math.round(mean)} tokens)`);
  t.ok(
    chunks.every((c, i) => i === 0 || c.pageStart! >= chunks[i - 1]!.pageStart!),
    'page spans advance monotonically',
  );
  t.ok(
    chunks.every((c) => c.headingPath.length === 2),
    'every chunk is under a chapter and section',
  );
});

t.test('chunkDocumentAsync: the same chunks, with the event loop given back meanwhile', async (t) => {
  const blocks: DocumentBlock[] = [];
  for (let i = 0; i < 40; i++) {
    blocks.push(h(`Section ${i}`, 1 + (i % 3), i + 1));
    blocks.push(...S.map((s) => p(s, i + 1)));
    blocks.push(row('Name | Days'), row(`Leave | ${i}`), item(`first ${i}`), item(`second ${i}`));
  }
  const d = doc(blocks, 'Handbook');
  let turns = 0;
  const ticker = setInterval(() => turns++, 0);
  // A 0 ms slice: a pause after every block, so timers run while it chunks.
  const async = await chunkDocumentAsync(d, bert, DEFAULT_CHUNKING, 0);
  clearInterval(ticker);
  t.same(async, chunkDocument(d, bert, DEFAULT_CHUNKING));
  t.ok(async.length >= 40, `${async.length} chunks`);
  t.ok(turns > 0, `timers ran ${turns} times during chunking`);
  await t.rejects(chunkDocumentAsync(d, bert, { maxTokens: 8, overlapTokens: 0 }), RangeError);
});
