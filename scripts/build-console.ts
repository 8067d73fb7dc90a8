import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** The console's budget for JavaScript loaded before first render, gzipped (issue #13; 60 kB since issue 24). */
export const INITIAL_JS_BUDGET_BYTES = 60 * 1024;

const root = resolve('console');
const dist = join(root, 'dist');

/**
 * The JavaScript index.html loads up front: its module scripts and modulepreloads (lazy chunks
 * are not counted), each gzipped at level 9 as a server or CDN would.
 */
export function initialJs(distDir: string): { file: string; gzipBytes: number }[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/app\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  return [...new Set(srcs)].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
  }));
}

// `npm run build:console`: vite build of console/ into console/dist, then the initial JS figure.
if (import.meta.main) {
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  const files = initialJs(dist);
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  for (const f of files) console.log(`  ${f.file}  ${(f.gzipBytes / 1024).toFixed(1)} kB gzipped`);
  console.log(
    `console initial JS: ${(total / 1024).toFixed(1)} kB gzipped (budget ${INITIAL_JS_BUDGET_BYTES / 1024} kB)`,
  );
  if (total > INITIAL_JS_BUDGET_BYTES) {
    console.error('over budget');
    process.exit(1);
  }
}
