import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import t from 'tap';
import { sniffFormat } from '../../src/ingestion/sniff.ts';

const DOCS = '/work/shared/datasets/documents';
const read = (path: string): Uint8Array => new Uint8Array(readFileSync(join(DOCS, path)));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const format = async (bytes: Uint8Array, name?: string): Promise<string | null> =>
  (await sniffFormat(bytes, name))?.format ?? null;

/** An OOXML package whose [Content_Types].xml names `mainType` as the main part. */
function ooxml(mainPart: string, mainType: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        `<Override PartName="/${mainPart}" ContentType="${mainType}.main+xml"/></Types>`,
    ),
    [mainPart]: strToU8('<root/>'),
  });
}

t.test('dataset files: the type comes from the bytes, with the right MIME type', async (t) => {
  const expected: Record<string, [string, string]> = {
    pdf: ['pdf', 'application/pdf'],
    docx: ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    html: ['html', 'text/html'],
    md: ['markdown', 'text/markdown'],
  };
  for (const folder of readdirSync(DOCS)) {
    for (const name of readdirSync(join(DOCS, folder))) {
      const bytes = read(join(folder, name));
      const [fmt, mime] = expected[folder]!;
      t.same(await sniffFormat(bytes, name), { format: fmt, mimeType: mime }, name);
      // A misleading name changes nothing for binary formats and full HTML pages.
      if (
        folder === 'pdf' ||
        folder === 'docx' ||
        /^\s*<(!doctype|\?xml)/i.test(new TextDecoder().decode(bytes.subarray(0, 20)))
      ) {
        t.equal(await format(bytes, 'renamed.md'), fmt, `${name} named .md`);
      }
    }
  }
});

t.test('Markdown: by name, or by structure', async (t) => {
  t.equal(await format(read('md/codeblock.md')), 'markdown', 'fenced code, even with HTML inside the fence');
  t.equal(await format(read('md/simple-table.md')), 'markdown', 'pipe table');
  t.equal(
    await format(read('md/mammoth-README.md'), 'notes.txt'),
    'markdown',
    'headings, despite a .txt name',
  );
  t.equal(await format(utf8('Just a note.\nNothing else.\n'), 'note.markdown'), 'markdown', 'by name');
  t.equal(
    await format(utf8('Just a note.\nNothing else.\n'), 'NOTE.MD'),
    'markdown',
    'name case-insensitive',
  );
  t.equal(await format(utf8('# Title\n\nSee [the docs](https://x.org).\n')), 'markdown', 'heading and link');
  t.equal(
    await format(utf8('# just one comment line\nvalue = 1\n'), 'config.txt'),
    'text',
    'one # line is not enough',
  );
  t.equal(
    await format(
      utf8('<p align="center"><img src="logo.png"></p>\n\n# Project\n\n## Install\n\n```sh\nnpm i x\n```\n'),
    ),
    'markdown',
    'a README that opens with an HTML banner',
  );
});

t.test('HTML: by its opening tags', async (t) => {
  t.equal(await format(utf8('<!DOCTYPE html><html><body><p>x</p></body></html>')), 'html');
  t.equal(await format(utf8('\uFEFF\n  <html lang="en"><p>x</p></html>')), 'html', 'BOM and whitespace');
  t.equal(
    await format(utf8('<?xml version="1.0"?>\n<!-- generator -->\n<html><body>x</body></html>')),
    'html',
  );
  t.equal(await format(utf8('<HEAD><TITLE>Old</TITLE></HEAD><BODY>x</BODY>')), 'html', 'upper-case tags');
  t.equal(await format(utf8('<div class="a"><p>fragment</p></div>\n')), 'html', 'a fragment');
  t.equal(
    await format(utf8('<div class="a"><p>fragment</p></div>\n'), 'x.md'),
    'markdown',
    'Markdown may start with HTML',
  );
  t.equal(await format(utf8('The tag <html> is described here.\n')), 'text', 'a tag mentioned in prose');
  t.equal(
    await format(utf8('<?xml version="1.0"?><note><to>Tove</to></note>')),
    'text',
    'XML that is not HTML',
  );
  const latin = Uint8Array.from([
    ...utf8('<html><head><meta charset="windows-1252"></head><body>caf'),
    0xe9,
    0x3c,
  ]);
  t.equal(await format(latin), 'html', 'legacy-encoded HTML');
});

t.test('plain text', async (t) => {
  t.same(await sniffFormat(utf8('Hello,\nworld.\n'), 'a.txt'), { format: 'text', mimeType: 'text/plain' });
  t.equal(await format(utf8('\uFEFFWith a BOM')), 'text');
  t.equal(await format(utf8('Tabs\tand\fform feeds, ESC \u001b[1m colours \u001b[0m')), 'text');
  const utf16 = Uint8Array.from([
    0xff,
    0xfe,
    ...Array.from('UTF-16 text').flatMap((c) => [c.charCodeAt(0), 0]),
  ]);
  t.equal(await format(utf16), 'text', 'UTF-16LE with BOM');
  t.equal(
    await format(utf8('A PDF starts with %PDF-1.7, as this text explains.')),
    'text',
    '%PDF- inside text',
  );
  t.equal(await format(new Uint8Array()), 'text', 'empty: parsing reports it as empty');
  t.equal(await format(new Uint8Array(), 'empty.md'), 'markdown');
});

t.test('refused: binary junk and unsupported formats', async (t) => {
  const cases: Record<string, Uint8Array> = {
    'random bytes': Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251),
    GIF: utf8('GIF89a\u0001\u0000\u0001\u0000'),
    'ELF executable': Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]),
    'Windows executable': Uint8Array.from([
      0x4d,
      0x5a,
      0x90,
      0,
      3,
      0,
      0,
      0,
      4,
      0,
      0,
      0,
      0xff,
      0xff,
      ...new Array(50).fill(0),
    ]),
    gzip: gzipSync(utf8('hello hello hello')),
    'plain zip': zipSync({ 'a.txt': strToU8('hello') }),
    'Compound File that is not an Outlook message (a legacy .doc)': Uint8Array.from([
      0xd0,
      0xcf,
      0x11,
      0xe0,
      0xa1,
      0xb1,
      0x1a,
      0xe1,
      ...new Array(504).fill(0),
    ]),
    SVG: utf8('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><text>hi</text></svg>'),
    'text with NUL bytes': utf8('abc\u0000def\u0000ghi'),
    'control-byte garbage': utf8(
      'text \u0001\u0002\u0003\u0004\u0005 more \u0006\u0007\u0008 and \u000e\u000f',
    ),
  };
  for (const [name, bytes] of Object.entries(cases)) {
    t.equal(await sniffFormat(bytes, 'upload.md'), null, name);
  }
  const docx = read('docx/handbook-1p.docx');
  t.equal(await format(docx.subarray(0, 30)), null, 'a DOCX cut before its first entry name');
  // Cut later, it is still recognised; the parser then reports it as damaged.
  t.equal(await format(docx.subarray(0, docx.length >> 1)), 'docx', 'a truncated DOCX');
});

t.test('PDF: by magic, not by name', async (t) => {
  const pdf = read('pdf/layout-parser-paper-with-table.pdf');
  t.equal(await format(pdf, 'report.docx'), 'pdf');
  t.equal(
    await format(Uint8Array.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a, ...pdf])),
    'pdf',
    'binary junk before the header',
  );
  t.equal(
    await format(utf8('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj')),
    'pdf',
    'even a broken one: the parser explains',
  );
});

t.test('plain text that starts like a short binary magic is still text (BEIR SciFact titles)', async (t) => {
  for (const title of [
    'BMP receptor ALK3 controls collecting system development.',
    'BMAL1 and CLOCK, Two Essential Components of the Circadian Clock',
    'The widespread regulation of microRNA biogenesis, function and decay',
  ]) {
    const bytes = new TextEncoder().encode(`${title}\n\nAn abstract of a paper with ordinary sentences.`);
    t.same(await sniffFormat(bytes, 'doc.txt'), { format: 'text', mimeType: 'text/plain' }, title);
  }
  const realBmp = Buffer.from(
    '424d3a0000000000000036000000280000000100000001000000010018000000000004000000',
    'hex',
  );
  t.equal(await sniffFormat(realBmp, 'x.txt'), null, 'a real BMP header is still refused');
  t.equal(await format(Buffer.from('{\\rtf1\\ansi Hello}'), 'x.txt'), 'rtf', 'RTF is RTF, whatever its name');
});

t.test('PNG and JPEG are images (read by OCR), whatever their name', async (t) => {
  const png = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
  t.same(await sniffFormat(png, 'report.pdf'), { format: 'image', mimeType: 'image/png' });
  t.same(await sniffFormat(jpeg, 'x.md'), { format: 'image', mimeType: 'image/jpeg' });
});

t.test('slides, OpenDocument, EPUB, RTF and e-mail: by content, not by name', async (t) => {
  const { fixture, pptxDeck, emlMessage, msgMessage, rtfDocument } =
    await import('../helpers/format-fixtures.ts');
  const cases: [string, Uint8Array, string, string][] = [
    ['fleet.ods', fixture('fleet.ods'), 'ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    [
      'harbour-handbook.odt',
      fixture('harbour-handbook.odt'),
      'odt',
      'application/vnd.oasis.opendocument.text',
    ],
    [
      'heron-roadmap.odp',
      fixture('heron-roadmap.odp'),
      'odp',
      'application/vnd.oasis.opendocument.presentation',
    ],
    ['lighthouses.epub', fixture('lighthouses.epub'), 'epub', 'application/epub+zip'],
    [
      'deck.pptx',
      await pptxDeck(),
      'pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    [
      'minimal.pptx',
      ooxml(
        'ppt/presentation.xml',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ),
      'pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['notes.rtf', rtfDocument(), 'rtf', 'application/rtf'],
    ['message.eml', await emlMessage(), 'eml', 'message/rfc822'],
    ['message.msg', msgMessage(), 'msg', 'application/vnd.ms-outlook'],
  ];
  for (const [name, bytes, fmt, mime] of cases) {
    t.same(await sniffFormat(bytes, name), { format: fmt, mimeType: mime }, name);
    t.equal(await format(bytes, 'upload.txt'), fmt, `${name} under a misleading name`);
  }
  const crlf = utf8('Received: by mx.example.com\r\nFrom: a@example.com\r\nSubject: Hi\r\n\r\nBody\r\n');
  t.equal(await format(crlf), 'eml', 'a header block with CRLF line ends');
  const latinBody = Uint8Array.from([
    ...utf8('From: a@example.com\nTo: b@example.com\nSubject: caf\n\nUn caf'),
    0xe9,
    ...utf8('\n'),
  ]);
  t.equal(await format(latinBody), 'eml', 'an 8-bit body that is not UTF-8');
  t.equal(
    await format(utf8('Subject: the minutes\nFrom: the board\n\nNotes follow.')),
    'text',
    'two header-like lines are prose, not a message',
  );
  t.equal(await format(utf8('Note: buy milk\nTo: do\nDate: today\n\nfrom the fridge')), 'text', 'no From');
});

t.test('text in legacy encodings is text, converted to UTF-8 by the parser', async (t) => {
  const iconv = (await import('iconv-lite')).default;
  const cases: [string, Uint8Array][] = [
    ['Latin-1', iconv.encode('Le café de la gare ouvre à six heures, crème brûlée comprise.\n', 'latin1')],
    ['Windows-1252', iconv.encode('“Smart quotes” cost 5 € — and that’s all.\n', 'windows-1252')],
    [
      'UTF-16LE with BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Köln', 'utf16le')]),
    ],
    [
      'UTF-16BE with BOM',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Grüße', 'utf16le').swap16()]),
    ],
    [
      'Shift_JIS',
      iconv.encode('東京の会議は月曜日の午前十時に始まります。資料を持ってきてください。', 'shift_jis'),
    ],
  ];
  for (const [name, bytes] of cases) t.equal(await format(bytes, 'notes.txt'), 'text', name);
  const sentence = 'Grüße aus Köln: the meeting starts at ten, bring the minutes.\r\n';
  t.equal(await format(Buffer.from(sentence, 'utf16le')), 'text', 'UTF-16LE without BOM');
  t.equal(await format(Buffer.from(sentence, 'utf16le').swap16()), 'text', 'UTF-16BE without BOM');
  t.equal(
    await format(Buffer.from(`# Notes\n\nSee the *minutes*.\n\n## Agenda\n\n- one\n`, 'utf16le'), 'n.md'),
    'markdown',
    'Markdown in UTF-16 without BOM',
  );
  t.equal(
    await format(Buffer.from(Int16Array.from({ length: 1024 }, (_, i) => i % 200).buffer)),
    null,
    'little-endian numbers with zero high bytes are not UTF-16 text',
  );
  t.equal(
    await format(Uint8Array.from({ length: 512 }, (_, i) => (i * 31) % 256)),
    null,
    'binary is not text',
  );
});

t.test('a few bytes with NULs are not text, whatever their pattern (issue 38)', async (t) => {
  for (const [name, bytes] of [
    ['0 1 2 3 4 5', [0, 1, 2, 3, 4, 5]],
    ['a NUL b NUL c NUL (UTF-16LE-shaped)', [0x61, 0, 0x62, 0, 0x63, 0]],
    ['NUL a NUL b NUL c (UTF-16BE-shaped)', [0, 0x61, 0, 0x62, 0, 0x63]],
    ['hi NUL NUL LF LF', [0x68, 0x69, 0, 0, 10, 10]],
    ['a UTF-16LE BOM and NULs', [0xff, 0xfe, 0, 0, 0, 0]],
  ] as const)
    t.equal(await format(Uint8Array.from(bytes), 'notes.txt'), null, `${name}: refused`);
  t.equal(
    await format(Buffer.from('Opening hours\r\n', 'utf16le'), 'notes.txt'),
    'text',
    '30 bytes of UTF-16LE without BOM are still text',
  );
});
