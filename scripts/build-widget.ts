/**
 * `npm run build:widget`: bundles widget/src/main.ts with esbuild into one minified file,
 * widget/dist/widget.js, and prints its raw and gzipped sizes and its Subresource Integrity
 * (sha384) for the embedding snippet (docs/widget.md). Fails when the gzipped size is over budget.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { widgetIntegrity } from '../src/widget/widget-file.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = `${root}widget/dist/widget.js`;
/** Issue 24: at most 12 kB gzipped. */
const BUDGET_GZIP_BYTES = 12 * 1024;

await build({
  entryPoints: [`${root}widget/src/main.ts`],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  legalComments: 'none',
  logLevel: 'warning',
});
const bytes = readFileSync(outfile);
const gzipped = gzipSync(bytes, { level: 9 }).length;
console.log(`widget/dist/widget.js: ${bytes.length} bytes raw, ${gzipped} bytes gzipped`);
console.log(`integrity: ${widgetIntegrity(bytes)}`);
if (gzipped > BUDGET_GZIP_BYTES) {
  console.error(`widget is over its budget: ${gzipped} > ${BUDGET_GZIP_BYTES} bytes gzipped`);
  process.exit(1);
}
