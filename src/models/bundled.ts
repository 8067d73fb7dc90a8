/**
 * Installs a model's files from the copy shipped in the repository (catalog.ts `bundled`): no
 * network, so it is tried before the hub and the package index whatever MODELS_SOURCE says.
 */
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ModelEntry } from './catalog.ts';
import { bundledPath, modelFolder, sha256OfFile, targetPath } from './disk.ts';
import { checkDigest, tempPathFor } from './download.ts';
import type { Context } from './download.ts';

/**
 * Copies each `missing` target of `model` from its bundled folder, through a temporary file that
 * is checked against the bundled pin before it is renamed into place; appends each installed
 * target to `installed`.
 * @throws Error when the model bundles no such file, the file is absent from the checkout, or its
 *   content does not match the pin (an altered checkout); nothing lands in the model folder then
 */
export async function copyFromBundle(
  ctx: Pick<Context, 'log' | 'modelsDir'>,
  model: ModelEntry,
  missing: readonly string[],
  installed: string[],
): Promise<void> {
  const modelDir = modelFolder(ctx.modelsDir, model);
  for (const target of missing) {
    const from = bundledPath(model, target);
    const pinned = model.bundled?.files.find((f) => f.path === target);
    if (!from || !pinned) throw new Error(`the bundled copy lacks ${target}`);
    const dest = targetPath(modelDir, target);
    const tmp = tempPathFor(dest);
    await mkdir(path.dirname(dest), { recursive: true });
    try {
      await copyFile(from, tmp);
      const digest = await sha256OfFile(tmp);
      if (digest === null) throw new Error(`${from}: not a file`);
      checkDigest(`bundled: ${model.id}/${target}`, digest, pinned);
      // On disk before it has the final name, as downloads are: a crash leaves no short file there.
      const handle = await open(tmp, 'r+');
      await handle.sync().finally(() => handle.close());
      await rename(tmp, dest);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    ctx.log(`bundled: ${model.id}/${target} ← ${path.relative(process.cwd(), from) || from}`);
    installed.push(target);
  }
}
