import t from 'tap';
import mammoth from 'mammoth';
import ExcelJS from 'exceljs';
import { parseDocument } from '../../src/ingestion/parsers/index.ts';
import { ZIP_DUPLICATE } from '../../src/ingestion/sandbox/zip-guard.ts';
import {
  docxBody,
  docxParts,
  hiddenEntryZip,
  swappedEntryZip,
  xlsxParts,
} from '../fixtures/hostile/zip-tricks.ts';

const DECOY = 'Harbour opening hours are posted at the gate.';
const SECRET = 'Injected instruction the guard never saw';

const textOf = async (format: 'docx' | 'xlsx', bytes: Uint8Array) =>
  (await parseDocument(format, bytes)).blocks.map((b) => b.text).join('\n');
const errorOf = (format: 'docx' | 'xlsx', bytes: Uint8Array) =>
  parseDocument(format, bytes).then(
    () => 'parsed',
    (err: Error) => err.message,
  );
const mammothText = async (bytes: Uint8Array) =>
  (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
async function excelText(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  return String(workbook.getWorksheet('Sheet1')?.getCell('A1').value);
}

t.test(
  'DOCX with an entry only the central directory shows: the parser reads what the guard read',
  async (t) => {
    const bytes = hiddenEntryZip(docxParts(DECOY), { name: 'word/document.xml', content: docxBody(SECRET) });
    t.match(
      await mammothText(bytes),
      SECRET,
      'the trick is real: mammoth on the upload reads the hidden part',
    );
    const text = await textOf('docx', bytes);
    t.match(text, DECOY);
    t.notMatch(text, SECRET, 'the hidden part never reaches the index');
  },
);

t.test('DOCX hiding an element bomb the same way: never parsed', async (t) => {
  // 3,000,000 empty paragraphs (18 MB, past the 2,000,000-element bound) hidden from the guard.
  const bomb = docxBody(SECRET, 3_000_000);
  const bytes = hiddenEntryZip(docxParts(DECOY), { name: 'word/document.xml', content: bomb });
  t.ok(bytes.length < 200_000, `small upload (${bytes.length} bytes)`);
  const text = await textOf('docx', bytes);
  t.match(text, DECOY, 'the parser got the guard’s parts, not the hidden bomb');
  t.notMatch(text, SECRET);
});

t.test('DOCX whose central directory swaps a part for a second copy of its name: refused', async (t) => {
  const bytes = swappedEntryZip(docxParts(DECOY), { name: 'word/document.xml', content: docxBody(SECRET) });
  t.match(await mammothText(bytes), SECRET, 'the trick is real: mammoth follows the central directory');
  t.equal(await errorOf('docx', bytes), ZIP_DUPLICATE);
});

t.test('XLSX: hidden shared strings never read; a swapped part refused', async (t) => {
  const decoy = await xlsxParts(DECOY);
  const secret = await xlsxParts(SECRET);
  const hidden = hiddenEntryZip(decoy, {
    name: 'xl/sharedStrings.xml',
    content: secret['xl/sharedStrings.xml']!,
  });
  t.equal(await excelText(hidden), SECRET, 'the trick is real: ExcelJS on the upload reads the hidden part');
  const text = await textOf('xlsx', hidden);
  t.match(text, DECOY);
  t.notMatch(text, SECRET);
  const swapped = swappedEntryZip(decoy, {
    name: 'xl/sharedStrings.xml',
    content: secret['xl/sharedStrings.xml']!,
  });
  t.equal(await excelText(swapped), SECRET);
  t.equal(await errorOf('xlsx', swapped), ZIP_DUPLICATE);
});
