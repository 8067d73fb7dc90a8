import t from 'tap';
import { parseDocument } from '../../src/ingestion/parsers/index.ts';
import { sniffFormat } from '../../src/ingestion/sniff.ts';
import {
  manyPagesPdf,
  repeatedCellsOdp,
  repeatedCellsOds,
  sharedStringXlsx,
} from '../fixtures/hostile/expansion.ts';

const refusal = async (format: Parameters<typeof parseDocument>[0], bytes: Uint8Array) => {
  const started = performance.now();
  const reason = await parseDocument(format, bytes, {
    limits: { maxChars: 10_000_000, maxPages: 5_000 },
  }).then(
    () => 'parsed',
    (err: Error) => err.message,
  );
  return { reason, ms: Math.round(performance.now() - started) };
};

t.test('ODS and ODP repeat bombs: refused by the cell budget before officeparser expands them', async (t) => {
  const ods = repeatedCellsOds();
  t.ok(ods.length < 1500, `the ODS is ${ods.length} bytes`);
  t.equal((await sniffFormat(ods, 'bomb.ods'))?.format, 'ods');
  const a = await refusal('ods', ods);
  t.match(
    a.reason,
    /expands to more than 1,000,000 table cells.*MAX_TABLE_CELLS/,
    `${a.reason} (${a.ms} ms)`,
  );
  const odp = repeatedCellsOdp();
  t.equal((await sniffFormat(odp, 'bomb.odp'))?.format, 'odp');
  const b = await refusal('odp', odp);
  t.match(b.reason, /presentation expands to more than 1,000,000 table cells/, `${b.reason} (${b.ms} ms)`);
  // Characters count too: 200 rows of 10,000 cells of "boom" stay under the cells budget.
  const chars = await parseDocument('ods', repeatedCellsOds(200, 4_000), {
    limits: { maxChars: 1_000_000, maxPages: 5_000 },
  }).then(
    () => 'parsed',
    (err: Error) => err.message,
  );
  t.match(chars, /expands to more than 1,000,000 characters of text.*PARSE_MAX_CHARS/);
});

t.test('an ordinary ODS with a million empty repeated rows still parses', async (t) => {
  const { fixture } = await import('../helpers/format-fixtures.ts');
  const doc = await parseDocument('ods', fixture('fleet.ods'));
  t.ok(doc.blocks.length > 0, 'the committed fixture (LibreOffice writes empty repeats) is not refused');
});

t.test('XLSX whose cells all point at one long shared string: refused by PARSE_MAX_CHARS', async (t) => {
  const xlsx = await sharedStringXlsx();
  t.ok(xlsx.length < 20_000, `the XLSX is ${xlsx.length} bytes`);
  const { reason } = await refusal('xlsx', xlsx);
  t.match(reason, /spreadsheet expands to more than 10,000,000 characters of text/);
  const fine = await parseDocument('xlsx', await sharedStringXlsx(3, 100));
  t.ok(fine.blocks.length > 0, 'a few references are fine');
});

t.test('a 100,000-page PDF is refused on open by PARSE_MAX_PAGES', async (t) => {
  const pdf = manyPagesPdf();
  const { reason, ms } = await refusal('pdf', pdf);
  t.equal(reason, 'the PDF has 100,000 pages; at most 5,000 are accepted (PARSE_MAX_PAGES)');
  t.comment(`refused in ${ms} ms (${pdf.length} bytes)`);
});
