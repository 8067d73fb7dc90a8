/**
 * `npm run bench:ocr`: OCRs the scanned PDFs of the documents folder as ingestion does
 * (src/ingestion/ocr/: pdf.js render at OCR_DPI, tesseract.js, page segmentation mode 3) and
 * prints, per file, the character error rate against ../shared/datasets/ocr-ground-truth/<name>.txt
 * when that exists (src/ingestion/ocr/cer.ts), pages/s and tesseract's mean confidence.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadConfig } from '../src/config/index.ts';
import { ocrPdfPages } from '../src/ingestion/ocr/ocr.ts';
import { characterErrorRate } from '../src/ingestion/ocr/cer.ts';

const config = loadConfig();
const dpi = config.ocr?.dpi ?? 300;
const datasets = resolve('../shared/datasets');
const files = ['scanned-linn.pdf', 'scanned-c02-22.pdf'].map((f) => join(datasets, 'documents/pdf', f));
const summary: Record<string, unknown>[] = [];
console.log(`OCR at ${dpi} DPI, tesseract.js (eng, LSTM best_int), one worker`);
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const started = performance.now();
  const pages = await ocrPdfPages(bytes, [1], { maxPages: 1, dpi, language: 'en' });
  const seconds = (performance.now() - started) / 1000;
  const text = pages.map((p) => p.text).join('\n');
  const truth = join(datasets, 'ocr-ground-truth', basename(file).replace(/\.pdf$/, '.txt'));
  const cer = existsSync(truth) ? characterErrorRate(text, readFileSync(truth, 'utf8')) : null;
  const confidence = pages[0]!.confidence;
  console.log(
    `${basename(file).padEnd(22)} CER ${cer === null ? '  n/a (no ground truth)' : `${(cer * 100).toFixed(2)}%`}  ${(pages.length / seconds).toFixed(2)} pages/s (${seconds.toFixed(1)} s, includes loading tesseract)  confidence ${confidence}`,
  );
  summary.push({
    file: basename(file),
    cer: cer === null ? null : +cer.toFixed(4),
    pagesPerS: +(pages.length / seconds).toFixed(3),
    confidence,
  });
}
console.log(JSON.stringify(summary));
