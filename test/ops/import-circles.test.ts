import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * STYLE.md "No circles": no module of src/, plugins/ or schemas/ reaches itself through its
 * imports, type-only imports included (a shared type goes in a file of its own). Tarjan's
 * strongly connected components over the relative imports.
 */
function tsFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? tsFiles(path) : path.endsWith('.ts') ? [normalize(path)] : [];
  });
}

t.test('no import circles', async (t) => {
  const files = ['src', 'plugins', 'schemas'].flatMap(tsFiles);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)) {
      const target = normalize(join(dirname(file), m[1]!));
      if (known.has(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  t.same(circles, [], 'modules that import each other, directly or around a loop');
  t.ok(files.length > 100, `${files.length} modules read`);
});

t.test('migrations import no live code (STYLE.md "Migrations are frozen history")', async (t) => {
  const dir = 'src/db/migrations';
  for (const file of tsFiles(dir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
      const from = m[1]!;
      const inside = from.startsWith('.') && normalize(join(dirname(file), from)).startsWith(normalize(dir));
      t.ok(inside || /^kysely(\/|$)|^@orama\//.test(from), `${file} imports ${from}`);
    }
  }
});
