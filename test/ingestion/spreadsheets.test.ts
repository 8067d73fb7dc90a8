import t from 'tap';
import ExcelJS from 'exceljs';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { sniffFormat } from '../../src/ingestion/sniff.ts';
import { parseXlsx } from '../../src/ingestion/parsers/xlsx.parser.ts';
import { parseCsv } from '../../src/ingestion/parsers/csv.parser.ts';

const CITIES = [
  'Lisbon',
  'Porto',
  'Madrid',
  'Seville',
  'Lyon',
  'Nantes',
  'Turin',
  'Genoa',
  'Ghent',
  'Bruges',
];

/** A real workbook written by ExcelJS: 40 revenue rows on one sheet, staff on another, a formula. */
async function workbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.title = 'Regional results';
  const revenue = wb.addWorksheet('Revenue');
  revenue.addRow(['Office', 'Quarter', 'Revenue (EUR)', 'Manager']);
  for (let i = 0; i < 40; i++) {
    revenue.addRow([CITIES[i % 10], `Q${Math.floor(i / 10) + 1}`, 100_000 + i * 7_919, `Manager ${i}`]);
  }
  revenue.getCell('C43').value = { formula: 'SUM(C2:C41)', result: 10_177_580 };
  revenue.getCell('A43').value = 'Total';
  const staff = wb.addWorksheet('Staff');
  staff.addRow(['Name', 'Office', 'Started']);
  staff.addRow(['Ines Duarte', 'Lisbon', new Date(Date.UTC(2019, 2, 4))]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

t.test('XLSX and CSV: sniffed from bytes, a chunk group per sheet, rows with their numbers', async (t) => {
  const xlsx = await workbook();
  t.match(await sniffFormat(xlsx, 'results.bin'), { format: 'xlsx' }, 'by its bytes, not its name');
  const parsed = await parseXlsx(xlsx);
  t.equal(parsed.title, 'Regional results');
  t.match(parsed.blocks[0], { kind: 'heading', text: 'Revenue', sheet: 'Revenue' });
  t.match(parsed.blocks[1], {
    kind: 'table-row',
    text: 'Office | Quarter | Revenue (EUR) | Manager',
    sheet: 'Revenue',
    row: 1,
  });
  t.ok(
    parsed.blocks.some((b) => b.text === 'Total |  | 10177580' && b.row === 43),
    'a formula reads as its result, empty cells keep their place',
  );
  t.ok(
    parsed.blocks.some((b) => b.sheet === 'Staff' && b.text === 'Ines Duarte | Lisbon | 2019-03-04'),
    'dates as ISO dates',
  );
  const csv = Buffer.from(
    'office;quarter;revenue\n"Lisbon; Alfama";Q1;100000\nPorto;Q1;107919\nMadrid;Q1;115838\n',
  );
  t.match(await sniffFormat(csv, 'results.csv'), { format: 'csv' });
  t.same(
    (await parseCsv(csv)).blocks.map((b) => [b.row, b.text]),
    [
      [1, 'office | quarter | revenue'],
      [2, 'Lisbon; Alfama | Q1 | 100000'],
      [3, 'Porto | Q1 | 107919'],
      [4, 'Madrid | Q1 | 115838'],
    ],
  );
  t.match(
    await sniffFormat(Buffer.from('Dear team, thanks.\nSee you, Ana.\n'), 'note.txt'),
    { format: 'text' },
    'prose with commas is not CSV',
  );
  await t.rejects(parseXlsx(new Uint8Array([0x50, 0x4b, 3, 4, 9, 9])), /damaged/);
});

t.test(
  'an uploaded workbook is VECTORIZED and a question is answered citing the right sheet and rows',
  async (t) => {
    const { app } = await buildTestApp(t, { worker: true });
    const { headers } = await signUp(app);
    const body = multipartBody({}, { filename: 'results.xlsx', bytes: await workbook() });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    t.equal(up.statusCode, 201);
    t.equal(up.json().data.mimeType, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const id = up.json().data.id;
    t.equal((await waitForDocument(app, headers, id)).status, 'VECTORIZED');
    const chunks = (
      await app.inject({ method: 'GET', url: `/api/documents/${id}/chunks?limit=100`, headers })
    ).json().data.items as {
      id: string;
      text: string;
      sheet: string | null;
      rowStart: number | null;
      rowEnd: number | null;
    }[];
    t.ok(chunks.filter((c) => c.sheet === 'Revenue').length >= 2, 'the Revenue sheet spans chunks');
    for (const c of chunks.filter((c) => c.sheet === 'Revenue').slice(1))
      t.match(
        c.text,
        /Office \| Quarter \| Revenue \(EUR\) \| Manager/,
        `rows ${c.rowStart}–${c.rowEnd} read under the header`,
      );
    t.same(
      chunks.filter((c) => c.sheet === 'Staff').map((c) => [c.rowStart, c.rowEnd]),
      [[1, 2]],
    );

    // Row 26 of the Revenue sheet (i = 24): Lyon, Q3, 100000 + 24 × 7919 = 290056, Manager 24.
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers,
      payload: { message: 'Who is the manager of the Lyon office in Q3?' },
    });
    const answer = res.json().data as {
      answer: string;
      citationMap: Record<string, { chunkId: string }>;
      sources: { chunks: { chunkId: string; sheet?: string; rowStart?: number; rowEnd?: number }[] }[];
    };
    t.match(
      answer.answer,
      /^Lyon, Q3 — Manager: Manager 24 \[\d\]/,
      `the cell of the Q3 row answers: ${answer.answer}`,
    );
    const cited = Object.values(answer.citationMap).map((c) => c.chunkId);
    const sourceChunk = answer.sources.flatMap((s) => s.chunks).find((c) => cited.includes(c.chunkId))!;
    t.equal(sourceChunk.sheet, 'Revenue', 'the citation names the sheet');
    t.ok(
      sourceChunk.rowStart! <= 26 && 26 <= sourceChunk.rowEnd!,
      `and rows ${sourceChunk.rowStart}–${sourceChunk.rowEnd} hold row 26`,
    );
  },
);
