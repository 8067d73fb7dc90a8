import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import t from 'tap';
import {
  DOCX_DAMAGED,
  EMPTY_DOCUMENT,
  PDF_DAMAGED,
  PDF_ENCRYPTED,
  PDF_NO_TEXT,
  DocumentParseError,
  parseDocument,
  type DocumentBlock,
  type DocumentFormat,
  type ParsedDocument,
} from '../../src/ingestion/parsers/index.ts';
import { WordJoiner } from '../../src/ingestion/parsers/pdf-words.ts';
import { joinContinuations } from '../../src/ingestion/parsers/pdf-continuations.ts';
import { sniffFormat } from '../../src/ingestion/sniff.ts';

const DOCS = '/work/shared/datasets/documents';
const read = (path: string): Uint8Array => new Uint8Array(readFileSync(join(DOCS, path)));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const texts = (doc: ParsedDocument, kind?: DocumentBlock['kind']): string[] =>
  doc.blocks.filter((b) => !kind || b.kind === kind).map((b) => b.text);

/** Resolves to the DocumentParseError message, failing the test on success or on any other error. */
async function parseError(format: DocumentFormat, bytes: Uint8Array): Promise<string> {
  try {
    await parseDocument(format, bytes);
  } catch (error) {
    if (error instanceof DocumentParseError) return error.message;
    throw error;
  }
  throw new Error(`expected ${format} parsing to fail`);
}

/** A small valid PDF: one content stream per page, Helvetica as /F1. */
function buildPdf(pages: string[], opts: { encrypt?: boolean; title?: string } = {}): Uint8Array {
  const objs: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objs[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objs[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objs[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((content, i) => {
    const id = pageIds[i]!;
    objs[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objs[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let trailer = '';
  if (opts.encrypt) {
    // Standard security handler with a user password: random O/U never match the empty password.
    objs.push(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`);
    trailer += ` /Encrypt ${objs.length - 1} 0 R /ID [<${'01'.repeat(16)}><${'01'.repeat(16)}>]`;
  }
  if (opts.title) {
    objs.push(`<< /Title (${opts.title}) >>`);
    trailer += ` /Info ${objs.length - 1} 0 R`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets[i] = out.length;
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objs.length; i++) out += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  return utf8(`${out}trailer\n<< /Size ${objs.length} /Root 1 0 R${trailer} >>\nstartxref\n${xref}\n%%EOF\n`);
}

/** Lines of 12 pt Helvetica, 14 pt apart, from (72, 700). */
const pdfLines = (...lines: string[]): string =>
  `BT /F1 12 Tf 72 700 Td ${lines.map((l, i) => `${i ? '0 -14 Td ' : ''}(${l}) Tj`).join(' ')} ET`;

/** A minimal DOCX package; `body` is the inner XML of <w:body>. */
function buildDocx(body: string | null): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
        'Target="word/document.xml"/></Relationships>',
    ),
  };
  if (body !== null) {
    files['word/document.xml'] = strToU8(
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    );
  } else {
    files['word/styles.xml'] = strToU8(
      '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    );
  }
  return zipSync(files);
}
const wp = (text: string, style?: string): string =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** Deterministic pseudo-random bytes (xorshift32). */
function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const EXPECTED_FORMAT: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  md: 'markdown',
};

t.test('every dataset document sniffs to its folder type and parses into clean blocks', async (t) => {
  const timings: string[] = [];
  const started = performance.now();
  for (const folder of readdirSync(DOCS)) {
    for (const name of readdirSync(join(DOCS, folder))) {
      const bytes = read(join(folder, name));
      const sniffed = await sniffFormat(bytes, name);
      t.equal(sniffed?.format, EXPECTED_FORMAT[folder], `${name} sniffs as ${EXPECTED_FORMAT[folder]}`);
      if (!sniffed) continue;
      const t0 = performance.now();
      if (name.startsWith('scanned-')) {
        t.equal(await parseError(sniffed.format, bytes), PDF_NO_TEXT, `${name}: no extractable text`);
        timings.push(`${name} ${(performance.now() - t0).toFixed(0)} ms (rejected)`);
        continue;
      }
      const doc = await parseDocument(sniffed.format, bytes);
      timings.push(`${name} ${(performance.now() - t0).toFixed(0)} ms, ${doc.blocks.length} blocks`);
      t.ok(doc.blocks.length > 0, `${name} has blocks`);
      const bad = doc.blocks.filter(
        (b) =>
          b.text.length === 0 ||
          (b.kind === 'code'
            ? /[ \t]\n|[ \t]$|^\n|\n$|\n\n\n/.test(b.text)
            : b.text !== b.text.trim() || /\s{2,}|\n/.test(b.text)) ||
          (b.kind === 'heading') !== (b.level !== undefined) ||
          (b.level !== undefined && (b.level < 1 || b.level > 6)),
      );
      t.same(bad, [], `${name}: blocks are non-empty and whitespace-normalised`);
      if (sniffed.format === 'pdf') {
        t.ok(doc.pageCount && doc.pageCount > 0, `${name} has a page count`);
        t.ok(
          doc.blocks.every((b) => Number.isInteger(b.page) && b.page! >= 1 && b.page! <= doc.pageCount!),
          `${name}: every block has a page within 1..pageCount`,
        );
      } else {
        t.equal(doc.pageCount, null, `${name}: no page count`);
        t.ok(
          doc.blocks.every((b) => b.page === undefined),
          `${name}: no page numbers`,
        );
      }
    }
  }
  t.comment(`parsed the documents folder in ${(performance.now() - started).toFixed(0)} ms`);
  for (const line of timings) t.comment(line);
});

t.test('PDF: pages, line joining, paragraphs, de-hyphenation', async (t) => {
  const fr = await parseDocument('pdf', read('pdf/federal-register-2020-17221.pdf'));
  t.equal(fr.pageCount, 15);
  const deadline = fr.blocks.find((b) =>
    b.text.includes('The FAA must receive comments on this AD action by September 21, 2020.'),
  );
  t.ok(deadline && deadline.page! > 1, `comment deadline found on a later page (${deadline?.page})`);
  t.ok(
    texts(fr).some((x) =>
      x.startsWith('DATES: The FAA must receive comments on this proposed AD by September 21, 2020.'),
    ),
  );
  t.ok(fr.blocks.filter((b) => b.page === 1).length > 10, 'page 1 is split into many paragraphs');
  t.ok(
    texts(fr).every((x) => x.length < 5000),
    'no giant one-line paragraph',
  );
  t.ok(texts(fr).some((x) => x.includes('Boeing Company Model 737–8 and 737–9 (737 MAX) airplanes')));
  t.notOk(
    texts(fr).some((x) => x.includes('‘‘')),
    'doubled quotes are turned into “ ”',
  );

  const tm = await parseDocument('pdf', read('pdf/tracemonkey.pdf'));
  const all = texts(tm).join('\n');
  t.match(
    all,
    'translate a program to nested, type-specialized trace trees',
    'pro- + gram joined, compound kept',
  );
  t.match(all, 'achieve the effects of inlining');
  t.match(all, 'In a naïve implementation', 'TeX accent recomposed');
  t.ok(
    tm.blocks.some((b) => b.kind === 'heading' && b.text === '1. Introduction'),
    'section headings from font size',
  );
  t.equal(tm.title, 'Trace-based Just-in-Time Type Specialization for Dynamic Languages');

  const warn = await parseDocument('pdf', read('pdf/WARN-Report-2015-2016.pdf'));
  t.ok(
    texts(warn, 'table-row').some((x) => x.includes('Maxim Integrated Product | San Jose | 150')),
    'table rows rebuilt',
  );
  t.ok(
    warn.blocks.some((b) => b.kind === 'table-row' && b.page === 16),
    'rows on the last page too',
  );

  const made = await parseDocument(
    'pdf',
    buildPdf(
      [
        pdfLines('A self-contained example with a conver-', 'sion test and a self-', 'contained unit.'),
        'BT /F1 24 Tf 72 700 Td (Big Title) Tj /F1 12 Tf 0 -40 Td (Second page body.) Tj ET',
      ],
      { title: 'My Report' },
    ),
  );
  t.same(made.blocks, [
    {
      kind: 'paragraph',
      text: 'A self-contained example with a conversion test and a self-contained unit.',
      page: 1,
    },
    { kind: 'heading', text: 'Big Title', level: 1, page: 2 },
    { kind: 'paragraph', text: 'Second page body.', page: 2 },
  ]);
  t.equal(made.title, 'My Report', 'title from the document info');
});

t.test('PDF: a paragraph cut by a column or page break is joined again', async (t) => {
  const fr = await parseDocument('pdf', read('pdf/federal-register-2020-17221.pdf'));
  const crash = fr.blocks.find((b) => b.text.startsWith('On October 29, 2018, a Boeing Model 737–8'));
  t.match(crash?.text, 'after takeoff from Soekarno-Hatta International Airport in Jakarta, Indonesia');
  t.equal(crash?.page, 1, 'the joined paragraph is located where it starts');
  t.match(
    texts(fr).join('\n'),
    'reference a specific portion of the proposal, explain the reason',
    'joined past the running head between them',
  );
  t.match(texts(fr).join('\n'), 'the FAA also proposes to require operators to conduct an AOA sensor');
  t.ok(
    texts(fr).some((x) =>
      /^AOA sensor system test \.+ 40 work-hours × \$85 per hour = \$0 \.+ \$3,400 \.+ \$248,200\.$/.test(x),
    ),
    'a cost row cut after "=" is one row',
  );
  t.ok(
    texts(fr).some((x) => x.startsWith('(2) Will not affect intrastate aviation in Alaska')),
    'an enumerated item after a comma stays its own block',
  );
  const lp = await parseDocument('pdf', read('pdf/layout-parser-paper-with-table.pdf'));
  t.ok(
    texts(lp).some((x) => /^Table 1: Current layout detection models in the LayoutParser model zoo$/.test(x)),
    'a caption takes no continuation',
  );

  const words = new WordJoiner([]);
  const block = (text: string, size = 10, kind: 'paragraph' | 'table-row' = 'paragraph') => ({
    kind,
    text,
    size,
    lineCount: 1,
  });
  const joined = joinContinuations(
    [
      { block: block('The sensor reading is sent to the'), page: 0 },
      { block: block('12 Page footer', 8), page: 0 },
      {
        block: block('3 A footnote in a smaller size that runs on and on for a long while here.', 8),
        page: 0,
      },
      { block: block('null, or undefined'), page: 1 },
      { block: block('flight control computer, which compares the readings of both sensors with'), page: 1 },
      { block: block('them.'), page: 1 },
      { block: block('A new paragraph starts here'), page: 1 },
      { block: block('Another one starts with a capital.'), page: 1 },
    ],
    10,
    words,
    () => false,
  );
  t.same(
    joined.map((b) => [b.block.text, b.page]),
    [
      [
        'The sensor reading is sent to the flight control computer, which compares the readings of both sensors with them.',
        0,
      ],
      ['12 Page footer', 0],
      ['3 A footnote in a smaller size that runs on and on for a long while here.', 0],
      ['null, or undefined', 1],
      ['A new paragraph starts here', 1],
      ['Another one starts with a capital.', 1],
    ],
  );
});

t.test('PDF word joining rules', async (t) => {
  const words = new WordJoiner(['a well-known fact', 'the information age']);
  t.equal(words.join('the infor-', 'mation'), 'the information');
  t.equal(words.join('a well-', 'known'), 'a well-known', 'compound written with a hyphen elsewhere');
  t.equal(words.join('FAA-', 'approved'), 'FAA-approved', 'capitalised prefix keeps its hyphen');
  t.equal(words.join('Model 737–', '9 MAX'), 'Model 737–9 MAX');
  t.equal(words.join('co\u00AD', 'operate'), 'cooperate', 'soft hyphen');
  t.equal(words.join('end of line', 'next'), 'end of line next');
});

t.test('PDF errors', async (t) => {
  const tm = read('pdf/tracemonkey.pdf');
  t.equal(await parseError('pdf', tm.subarray(0, Math.floor(tm.length * 0.3))), PDF_DAMAGED, 'truncated');
  t.equal(await parseError('pdf', tm.subarray(0, 2048)), PDF_DAMAGED, 'truncated to 2 KiB');
  t.equal(await parseError('pdf', randomBytes(4096, 7)), PDF_DAMAGED, 'random bytes');
  t.equal(await parseError('pdf', utf8(`%PDF-1.7\n${'x'.repeat(5000)}`)), PDF_DAMAGED, 'header then junk');
  t.equal(await parseError('pdf', buildPdf([pdfLines('Secret')], { encrypt: true })), PDF_ENCRYPTED);
  t.equal(await parseError('pdf', buildPdf([''])), EMPTY_DOCUMENT, 'a blank page is empty, not scanned');
  t.equal(await parseError('pdf', new Uint8Array()), EMPTY_DOCUMENT);
  const png = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]);
  t.equal(await parseError('pdf', png), PDF_DAMAGED, 'PNG bytes');
});

t.test('DOCX', async (t) => {
  const handbook = await parseDocument('docx', read('docx/handbook-1p.docx'));
  t.ok(
    handbook.blocks.some((b) => b.kind === 'heading'),
    'headings from bold / capitalised lines',
  );
  t.equal(handbook.title, 'CHAPTER 1');
  t.ok(texts(handbook, 'heading').includes('A. PURPOSE'));

  const big = await parseDocument('docx', read('docx/handbook-872p.docx'));
  const levels = new Set(big.blocks.filter((b) => b.kind === 'heading').map((b) => b.level));
  t.same([...levels].sort(), [1, 2, 3], 'Word heading styles give levels 1–3');
  t.ok(texts(big, 'heading').includes('CHAPTER 1 – INTRODUCTION'));

  const tables = await parseDocument('docx', read('docx/docx-tables.docx'));
  const rows = texts(tables, 'table-row');
  for (const row of [
    'Header Col 1 | Header Col 2',
    'Lorem ipsum | A link example',
    'a | >b< | c',
    'e | f',
    'g&t | h',
  ]) {
    t.ok(rows.includes(row), `row "${row}"`);
  }
  t.same(texts(await parseDocument('docx', read('docx/mammoth-tables.docx'))), [
    'Above',
    'Top left | Top right',
    'Bottom left | Bottom right',
    'Below',
  ]);

  const made = await parseDocument(
    'docx',
    buildDocx(wp('Overview', 'Heading2') + wp('Body   text here.') + wp('Details', 'Heading3')),
  );
  t.same(made.blocks, [
    { kind: 'heading', text: 'Overview', level: 2 },
    { kind: 'paragraph', text: 'Body text here.' },
    { kind: 'heading', text: 'Details', level: 3 },
  ]);
  t.equal(made.title, 'Overview');

  t.equal(await parseError('docx', buildDocx('')), EMPTY_DOCUMENT, 'no paragraphs');
  t.equal(await parseError('docx', buildDocx(wp('   '))), EMPTY_DOCUMENT, 'only blank paragraphs');
  t.equal(await parseError('docx', new Uint8Array()), EMPTY_DOCUMENT);
  const docx = read('docx/handbook-1p.docx');
  t.equal(await parseError('docx', docx.subarray(0, docx.length >> 1)), DOCX_DAMAGED, 'truncated zip');
  t.equal(await parseError('docx', buildDocx(null)), DOCX_DAMAGED, 'zip without word/document.xml');
  t.equal(
    await parseError('docx', zipSync({ 'a.txt': strToU8('hello') })),
    DOCX_DAMAGED,
    'a zip that is not a docx',
  );
  t.equal(await parseError('docx', randomBytes(2048, 3)), DOCX_DAMAGED, 'random bytes');
  t.equal(await parseError('docx', read('pdf/layout-parser-paper-with-table.pdf')), DOCX_DAMAGED, 'a PDF');
});

t.test('HTML', async (t) => {
  const wiki = await parseDocument('html', read('html/wikipedia-mozilla.html'));
  const all = texts(wiki).join('\n');
  t.match(all, 'Mozilla is a free-software community, created in 1998 by members of Netscape.');
  t.ok(wiki.blocks.some((b) => b.kind === 'heading' && b.text === 'History'));
  for (const boilerplate of [
    'Navigation menu',
    'Personal tools',
    'Jump to',
    'What links here',
    'Print/export',
    '[edit]',
  ]) {
    t.notMatch(all, boilerplate, `no "${boilerplate}"`);
  }
  t.match(wiki.title, /Mozilla/);
  const expected = await parseDocument('html', read('html/wikipedia-mozilla.expected-readability.html'));
  const ratio = all.length / texts(expected).join('\n').length;
  t.ok(
    ratio > 0.9 && ratio < 1.1,
    `same amount of text as Readability's reference output (${ratio.toFixed(2)})`,
  );

  const ietf = await parseDocument('html', read('html/ietf-remotestorage-draft.html'));
  t.ok(ietf.blocks.some((b) => b.kind === 'heading' && b.level === 2 && b.text === '1. Introduction'));
  t.ok(
    texts(ietf, 'paragraph').some((x) =>
      x.startsWith(
        'This draft describes a protocol by which client-side applications, running inside a web browser,',
      ),
    ),
  );
  t.notOk(
    texts(ietf).some((x) => /\[Page \d+\]/.test(x)),
    'page footers dropped',
  );

  const sec = await parseDocument('html', read('html/sec-10k-1p.html'));
  t.ok(texts(sec, 'table-row').includes('Common stock | GLXZ | OTCQB marketplace'));

  const page = await parseDocument(
    'html',
    utf8(
      '<!doctype html><html><head><title>  My   page </title><style>p{}</style><script>var x = 1;</script></head>' +
        '<body><nav><a href="/">Home</a> <a href="/about">About</a></nav><h1>Hello</h1><p>First&nbsp;line<br><br>second part</p>' +
        '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><pre><code>let  x = 1;\n  x++;</code></pre>' +
        '<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table><div hidden>secret</div>' +
        '<footer>Copyright</footer></body></html>',
    ),
  );
  t.equal(page.title, 'My page');
  t.same(
    page.blocks.map((b) => [b.kind, b.text]),
    [
      ['heading', 'Hello'],
      ['paragraph', 'First line'],
      ['paragraph', 'second part'],
      ['list-item', 'one'],
      ['list-item', 'two'],
      ['list-item', 'nested'],
      ['code', 'let  x = 1;\n  x++;'],
      ['table-row', 'k | v'],
      ['table-row', 'a | 1'],
    ],
  );
  const latin = Uint8Array.from([
    ...utf8('<html><head><meta charset="windows-1252"></head><body><p>caf'),
    0xe9,
    ...utf8(' cr'),
    0xe8,
    ...utf8('me</p></body></html>'),
  ]);
  t.same(texts(await parseDocument('html', latin)), ['café crème'], 'declared legacy charset');
  t.equal(await parseError('html', utf8('<html><body> <script>x()</script> </body></html>')), EMPTY_DOCUMENT);
  t.equal(await parseError('html', new Uint8Array()), EMPTY_DOCUMENT);
});

t.test('Markdown', async (t) => {
  const table = await parseDocument('markdown', read('md/simple-table.md'));
  t.same(texts(table, 'table-row'), [
    'Item | Price | # In stock',
    'Juicy Apples | 1.99 | 739',
    'Bananas | 1.89 | 6',
  ]);
  const code = await parseDocument('markdown', read('md/codeblock.md'));
  const blocks = code.blocks.filter((b) => b.kind === 'code');
  t.equal(blocks.length, 3);
  t.match(blocks[0]!.text, /^<!DOCTYPE html>\n<html lang="en">\n/, 'code keeps its lines');
  t.equal(code.title, 'HTML Example');
  const readme = await parseDocument('markdown', read('md/pdfplumber-README.md'));
  t.notOk(
    readme.blocks.some((b) => b.kind !== 'code' && /\]\(|!\[/.test(b.text)),
    'no link or image markup left',
  );
  const plain = texts(readme);
  t.ok(plain.includes('Works best on machine-generated, rather than scanned, PDFs. Built on pdfminer.six.'));
  t.ok(plain.includes('Currently tested on Python 3.8, 3.9, 3.10, 3.11.'), 'links keep their text');
  t.ok(
    plain.some((x) => x.includes('into a single string. When layout=False:')),
    'HTML inside a table cell',
  );

  const made = await parseDocument(
    'markdown',
    utf8(
      '---\ntitle: "Front Title"\ntags: [a]\n---\n# Hello *world*\n\nSome **bold**, [link text](http://x) ' +
        '`code` &amp; &copy; ![badge](b.svg) and <b>html</b>.\nSecond line.\n\n- item 1\n  - nested\n- [x] done\n\n' +
        '> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```\n\n<div align="center"><p>Raw <i>html</i></p></div>\n',
    ),
  );
  t.equal(made.title, 'Front Title');
  t.same(
    made.blocks.map((b) => [b.kind, b.text, b.level]),
    [
      ['heading', 'Hello world', 1],
      ['paragraph', 'Some bold, link text code & © and html. Second line.', undefined],
      ['list-item', 'item 1', undefined],
      ['list-item', 'nested', undefined],
      ['list-item', '[x] done', undefined],
      ['paragraph', 'quoted', undefined],
      ['table-row', 'a | b', undefined],
      ['table-row', '1 | 2', undefined],
      ['code', 'let x = 1;', undefined],
      ['paragraph', 'Raw html', undefined],
    ],
  );
  t.equal(await parseError('markdown', utf8('\n\n   \n')), EMPTY_DOCUMENT);
});

t.test('plain text', async (t) => {
  const doc = await parseDocument(
    'text',
    utf8('\uFEFFFirst  line\r\nstill first.\r\n\r\n\r\nSecond\tparagraph.\n   \nThird\n'),
  );
  t.same(texts(doc), ['First line still first.', 'Second paragraph.', 'Third']);
  t.equal(doc.title, null);
  const utf16 = Uint8Array.from([0xff, 0xfe, ...Array.from('héllo').flatMap((c) => [c.charCodeAt(0), 0])]);
  t.same(texts(await parseDocument('text', utf16)), ['héllo'], 'UTF-16 with BOM');
  const noBom = Buffer.from('Grüße aus Köln, the meeting starts at ten.', 'utf16le');
  t.same(
    texts(await parseDocument('text', noBom)),
    ['Grüße aus Köln, the meeting starts at ten.'],
    'UTF-16LE without BOM',
  );
  t.same(
    texts(await parseDocument('text', Buffer.from(noBom).swap16())),
    ['Grüße aus Köln, the meeting starts at ten.'],
    'UTF-16BE without BOM',
  );
  t.equal(await parseError('text', new Uint8Array()), EMPTY_DOCUMENT);
  t.equal(await parseError('text', utf8(' \n\t\n ')), EMPTY_DOCUMENT);
});

t.test('bad input of every kind fails with DocumentParseError only, and quickly', async (t) => {
  const formats: DocumentFormat[] = ['pdf', 'docx', 'html', 'markdown', 'text'];
  const samples: Record<string, Uint8Array> = {
    pdf: read('pdf/layout-parser-paper-with-table.pdf'),
    docx: read('docx/mammoth-tables.docx'),
  };
  const started = performance.now();
  let outcomes = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const inputs = [randomBytes(1 + seed * 97, seed)];
    for (const base of Object.values(samples)) {
      const mutated = base.slice();
      const noise = randomBytes(40, seed * 31);
      for (let i = 0; i < noise.length; i += 2)
        mutated[(noise[i]! * 7919 * seed) % mutated.length] = noise[i + 1]!;
      inputs.push(mutated, base.subarray(0, Math.floor((base.length * seed) / 13)));
    }
    for (const bytes of inputs) {
      for (const format of formats) {
        try {
          const doc = await parseDocument(format, bytes);
          t.ok(doc.blocks.length > 0);
        } catch (error) {
          t.type(error, DocumentParseError, `${format} seed ${seed}: ${(error as Error).message}`);
        }
        outcomes++;
      }
    }
  }
  const elapsed = performance.now() - started;
  t.ok(elapsed < 60_000, `${outcomes} corrupt inputs handled in ${elapsed.toFixed(0)} ms`);
});

t.test('parseDocument refuses an unknown format', async (t) => {
  await t.rejects(parseDocument('xps' as DocumentFormat, utf8('PK hi')), DocumentParseError);
});
