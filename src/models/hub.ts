/** Fetches a model's files from a Hugging Face hub repository (or a mirror speaking the same URLs). */
import type { ModelEntry } from './catalog.ts';
import { modelFolder, targetPath } from './disk.ts';
import { downloadVerified } from './download.ts';
import type { Context } from './download.ts';

/**
 * Downloads each `missing` target of `model` from `{hubUrl}/{repo}/resolve/{revision}/{path}`,
 * verified against the catalogue's pins; appends each installed target to `installed`.
 */
export async function pullFromHub(
  ctx: Context,
  model: ModelEntry,
  missing: readonly string[],
  hubUrl: string,
  installed: string[],
): Promise<void> {
  const hub = model.hub;
  if (!hub) throw new Error('the catalogue lists no hub repository for this model');
  const base = hubUrl.replace(/\/+$/, '');
  const modelDir = modelFolder(ctx.modelsDir, model);
  for (const target of missing) {
    const file = hub.files.find((f) => f.path === target);
    if (!file) throw new Error(`the hub entry lacks ${target}`);
    const encoded = file.path.split('/').map(encodeURIComponent).join('/');
    const url = `${base}/${hub.repo}/resolve/${encodeURIComponent(hub.revision)}/${encoded}`;
    await downloadVerified(ctx, url, targetPath(modelDir, target), file, `hub: ${model.id}/${target}`);
    installed.push(target);
  }
}
