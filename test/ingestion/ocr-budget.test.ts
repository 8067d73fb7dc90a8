import t, { type Test } from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { until, finished, upload } from '../helpers/ingestion.ts';
import { ingestDepsOf } from '../../src/context.ts';
import { startIngestionWorker } from '../../src/ingestion/worker.ts';
import type { ParseProgress } from '../../src/ingestion/parsers/types.ts';

/**
 * A scan's OCR takes longer than any size-based deadline: 10.6 s for the one page of
 * scanned-linn.pdf on this 2-core machine at load 1.4, 51 s at load 17. With a parse deadline of
 * 2 s (INGEST_BUDGET_SECONDS) the time INGEST_BUDGET_OCR_PAGE_SECONDS grants for the page, as
 * the parse child reports it, is what lets it end VECTORIZED; granting 0 s ends it ERROR.
 */
const SCAN = readFileSync(join(DATASETS, 'documents/pdf/scanned-linn.pdf'));

async function ingestScan(t: Test, env: Record<string, string>) {
  const { app, ctx, config } = await buildTestApp(t, { env: { INGEST_BUDGET_SECONDS: '2', ...env } });
  // The parser child's start (loading the parsers and the tokenizer) is not the scan's work:
  // start it first, so the 2 s cover only the PDF's text layer before its page reaches OCR.
  await ctx.sandbox.parse('text', Buffer.from('warm up'), {});
  const worker = await startIngestionWorker(ctx.boss, ingestDepsOf(ctx), {
    concurrency: 1,
    budget: config.ingestBudget,
    log: app.log,
  });
  t.teardown(() => worker.stop(0));
  const { headers } = await signUp(app);
  const id = await upload(app, headers, 'scanned-linn.pdf', SCAN);
  const { doc, ms } = await until(app, headers, id, finished);
  t.comment(
    `INGEST_BUDGET_OCR_PAGE_SECONDS=${env.INGEST_BUDGET_OCR_PAGE_SECONDS ?? 'default'}: ${doc.status} after ${ms} ms ${doc.error ?? ''}`,
  );
  return doc as { status: string; error: string | null; metadata: unknown };
}

t.test('a scanned page is granted its OCR time: VECTORIZED past a 2 s parse deadline', async (t) => {
  const doc = await ingestScan(t, {});
  t.equal(doc.status, 'VECTORIZED', doc.error ?? 'ok');
  t.match(doc.metadata, { ocr: { pages: [{ page: 1 }] } }, 'read by OCR');
});

t.test('without the grant the same scan ends ERROR naming the limit', async (t) => {
  const doc = await ingestScan(t, { INGEST_BUDGET_OCR_PAGE_SECONDS: '0' });
  t.equal(doc.status, 'ERROR');
  t.match(
    doc.error,
    /^parsing took longer than the 2\.1 s allowed for a 74 kB file, 0 s of it for 1 page read by OCR \(INGEST_BUDGET_SECONDS.*INGEST_BUDGET_OCR_PAGE_SECONDS\)$/,
  );
});

t.test('the sandbox relays OCR progress: a PDF text layer reports none, an image its one page', async (t) => {
  const { ctx } = await buildTestApp(t);
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(1000, 200);
  const c = canvas.getContext('2d');
  c.fillStyle = 'white';
  c.fillRect(0, 0, 1000, 200);
  c.fillStyle = 'black';
  c.font = '48px sans-serif';
  c.fillText('The ferry leaves at seven.', 40, 120);
  const seen: ParseProgress[] = [];
  const image = await ctx.sandbox.parse('image', canvas.toBuffer('image/png'), {
    ocr: { maxPages: 30, dpi: 300 },
    onProgress: (p) => seen.push(p),
  });
  t.match(image.blocks[0]?.text, /ferry leaves/i);
  t.same(seen, [{ ocrPage: 1 }], 'the image: page 1, reported before the answer');
  seen.length = 0;
  const text = readFileSync(join(DATASETS, 'documents/pdf/layout-parser-paper-with-table.pdf'));
  await ctx.sandbox.parse('pdf', text, { ocr: { maxPages: 30, dpi: 300 }, onProgress: (p) => seen.push(p) });
  t.same(seen, [], 'a PDF with a text layer reaches no OCR');
});
