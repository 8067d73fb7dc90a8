import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every variable the configuration reads (src/config/*.ts: `int(env, 'NAME', …)` and the other
 * readers, `env.NAME`, `env['NAME']`) has a row in the README's configuration table and a line in
 * `.env.example` — the README's promise that every variable is documented with its default.
 */
const CONFIG_DIR = 'src/config';
const source = readdirSync(CONFIG_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(CONFIG_DIR, f), 'utf8'))
  .join('\n');
const read = new Set<string>();
for (const m of source.matchAll(
  /\(env, '([A-Z][A-Z0-9_]+)'|env\.([A-Z][A-Z0-9_]+)|env\['([A-Z][A-Z0-9_]+)'\]/g,
))
  read.add((m[1] ?? m[2] ?? m[3])!);

t.test('every configuration variable is in the README table and in .env.example', async (t) => {
  t.ok(read.size > 100, `${read.size} variables read by src/config`);
  const readme = readFileSync('README.md', 'utf8');
  const example = readFileSync('.env.example', 'utf8');
  const rows = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
  // A row may name two variables (`S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`).
  for (const m of readme.matchAll(/^\| `[A-Z][A-Z0-9_]+` \/ `([A-Z][A-Z0-9_]+)`/gm)) rows.add(m[1]!);
  const lines = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
  t.same([...read].filter((name) => !rows.has(name)).sort(), [], 'variables without a README row');
  t.same([...read].filter((name) => !lines.has(name)).sort(), [], 'variables without a .env.example line');
});
