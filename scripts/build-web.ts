/**
 * Builds the two front ends the server serves — the website widget (`widget/` → `widget/dist`,
 * scripts/build-widget.ts) and the admin console (`console/` → `console/dist`,
 * scripts/build-console.ts) — but only those whose build is missing or older than a source file.
 *
 * Runs from `prepare` (after `npm install`), `prestart` and `pretest`, so a fresh clone, a
 * `git pull` and CI all serve what the sources say without paying ~20 s of builds on every start.
 * `--force` rebuilds both. Exit status: the failing build's, else 0.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

interface FrontEnd {
  name: string;
  script: string;
  /** The built file whose age stands for the whole build. */
  output: string;
  /** Files and folders whose change calls for a rebuild. */
  inputs: string[];
}

const root = resolve(import.meta.dirname, '..');
const frontEnds: FrontEnd[] = [
  {
    name: 'widget',
    script: 'scripts/build-widget.ts',
    output: 'widget/dist/widget.js',
    inputs: ['widget/src', 'scripts/build-widget.ts'],
  },
  {
    name: 'console',
    script: 'scripts/build-console.ts',
    output: 'console/dist/index.html',
    inputs: [
      'console/src',
      'console/index.html',
      'console/vite.config.ts',
      'clients/typescript',
      'scripts/build-console.ts',
    ],
  },
];

/** Latest modification time (ms) of a file, or of any file under a folder; 0 when absent. */
function newestMtimeMs(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtimeMs(join(path, entry))), 0);
}

const force = process.argv.includes('--force');
for (const frontEnd of frontEnds) {
  const output = join(root, frontEnd.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...frontEnd.inputs.map((input) => newestMtimeMs(join(root, input))));
  if (!force && builtAt > changedAt) continue;
  console.log(`[build] ${frontEnd.name}: ${builtAt ? 'sources changed' : 'not built yet'}, building`);
  const run = spawnSync(process.execPath, [join(root, frontEnd.script)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
