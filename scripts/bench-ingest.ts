/**
 * `npm run bench:ingest [-- --dir DIR]`: runs every file of the documents folder through the
 * real pipeline stages — sniff, parse, chunk, embed, index into an in-memory PGlite — and prints
 * pages/s parsed, chunks/s embedded and total seconds. Default DIR: ../shared/datasets/documents.
 */
// The server's V8 settings, so the stack measured in this process runs as it does in the server.
import '../src/runtime-flags.ts';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.ts';
import { createContext, ingestDepsOf } from '../src/context.ts';
import { sniffFormat } from '../src/ingestion/sniff.ts';
import { parseDocument } from '../src/ingestion/parsers/index.ts';
import { chunkDocument, chunkTextForEmbedding } from '../src/ingestion/chunker.ts';
import { uploadDocument } from '../src/documents/documents.service.ts';
import { ingestDocument } from '../src/ingestion/ingest.ts';
import { createCompanyWithAdmin } from '../src/auth/auth.service.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const dir = resolve(values.dir ?? '../shared/datasets/documents');
const files = (function walk(d: string): string[] {
  return readdirSync(d)
    .sort()
    .flatMap((name) => {
      const path = join(d, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
})(dir);

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/cograg-bench',
  LOG_LEVEL: 'silent',
});
const ctx = await createContext(config, { pgliteDataDir: 'memory://' });
const user = await createCompanyWithAdmin(ctx.db, {
  companyName: 'Bench',
  email: 'bench@example.com',
  password: 'bench password',
  name: 'B',
});
const chunking = { maxTokens: config.chunkMaxTokens, overlapTokens: config.chunkOverlapTokens };

let parseMs = 0,
  chunkMs = 0,
  embedMs = 0,
  pages = 0,
  chunks = 0,
  bytes = 0;
const rows: string[] = [];
const totalStart = performance.now();
for (const path of files) {
  const data = new Uint8Array(readFileSync(path));
  bytes += data.length;
  const name = relative(dir, path);
  const sniffed = await sniffFormat(data, name);
  if (!sniffed) {
    rows.push(`${name.padEnd(48)} unsupported type`);
    continue;
  }
  let t = performance.now();
  let parsed;
  try {
    parsed = await parseDocument(sniffed.format, data);
  } catch (err) {
    rows.push(`${name.padEnd(48)} ERROR: ${(err as Error).message}`);
    continue;
  }
  const pMs = performance.now() - t;
  parseMs += pMs;
  const docPages = parsed.pageCount ?? 1;
  pages += docPages;
  t = performance.now();
  const docChunks = chunkDocument(parsed, ctx.embedder, chunking);
  chunkMs += performance.now() - t;
  t = performance.now();
  await ctx.embedder.embedDocuments(docChunks.map((c) => chunkTextForEmbedding(c, parsed.title ?? name)));
  const eMs = performance.now() - t;
  embedMs += eMs;
  chunks += docChunks.length;
  rows.push(
    `${name.padEnd(48)} ${String(docPages).padStart(5)} p ${String(docChunks.length).padStart(6)} chunks  parse ${pMs.toFixed(0).padStart(6)} ms  embed ${eMs.toFixed(0).padStart(7)} ms`,
  );
}
const stagesS = (performance.now() - totalStart) / 1000;

// End to end through the service layer (upload → queue row → ingest job body → index), sequentially.
const e2eStart = performance.now();
let vectorized = 0;
for (const path of files) {
  const data = new Uint8Array(readFileSync(path));
  try {
    const doc = await uploadDocument(ctx, {
      scope: { kind: 'company', companyId: user.companyId },
      userId: user.id,
      filename: relative(dir, path),
      bytes: data,
    });
    const outcome = await ingestDocument(ingestDepsOf(ctx), doc.id);
    if (outcome === 'vectorized') vectorized++;
  } catch {
    /* unsupported type: counted in the table above */
  }
}
const e2eS = (performance.now() - e2eStart) / 1000;
await ctx.close();

console.log(rows.join('\n'));
console.log('');
console.log(
  `files                ${files.length} (${(bytes / 1e6).toFixed(1)} MB), ${vectorized} vectorized end to end`,
);
console.log(
  `parse                ${pages} pages in ${(parseMs / 1000).toFixed(2)} s = ${(pages / (parseMs / 1000)).toFixed(1)} pages/s`,
);
console.log(`chunk                ${chunks} chunks in ${(chunkMs / 1000).toFixed(2)} s`);
console.log(
  `embed                ${chunks} chunks in ${(embedMs / 1000).toFixed(2)} s = ${(chunks / (embedMs / 1000)).toFixed(1)} chunks/s`,
);
console.log(`stages total         ${stagesS.toFixed(1)} s`);
console.log(`end to end (indexed) ${e2eS.toFixed(1)} s`);
console.log(
  JSON.stringify({
    files: files.length,
    pages,
    chunks,
    pagesPerS: +(pages / (parseMs / 1000)).toFixed(1),
    chunksPerS: +(chunks / (embedMs / 1000)).toFixed(1),
    stagesS: +stagesS.toFixed(1),
    endToEndS: +e2eS.toFixed(1),
  }),
);
