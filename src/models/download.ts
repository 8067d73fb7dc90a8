/**
 * Verified downloads: a file is streamed to a temporary file next to its destination (with
 * progress lines and timeouts), checked against its pinned size and sha256, then renamed into
 * place, so that nothing lands at the destination unless it was verified.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** What a pull needs: how to reach the network, where to log, where models go, and time limits. */
export interface Context {
  fetch: typeof fetch;
  log: (line: string) => void;
  /** Absolute path of the models folder. */
  modelsDir: string;
  /** Limit for an index request, for a response's headers, and for silence mid-download. */
  timeoutMs: number;
  /** Limit for one whole download. */
  downloadTimeoutMs: number;
}

/** The pinned checksum and size of a file; `null` when not pinned. */
export interface Expected {
  sha256: string | null;
  sizeBytes: number | null;
}

const PROGRESS_MIN_BYTES = 1024 * 1024;
const PROGRESS_UNKNOWN_STEP = 10 * 1024 * 1024;

/** Downloads `url` to `dest` through a temporary file: nothing lands at `dest` unless verified. */
export async function downloadVerified(
  ctx: Context,
  url: string,
  dest: string,
  expected: Expected,
  label: string,
): Promise<void> {
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

/**
 * Streams `url` into `tmp` (created exclusively), hashing as it goes and logging progress.
 * Enforces the expected size while streaming; the caller checks the digest and renames.
 */
export async function fetchToFile(
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
      throw httpStatusError(url, res);
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
    if (err instanceof TypeError) throw requestError(url, err);
    throw err;
  } finally {
    clearTimeout(timer);
    await fh?.close();
  }
}

/** Writes `data` to a temporary file next to `dest`, flushes it, and renames it over `dest`. */
export async function writeAtomic(dest: string, data: Uint8Array): Promise<void> {
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

/** A hidden, unique temporary path in the folder of `dest`. */
export function tempPathFor(dest: string): string {
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.part`;
  return path.join(path.dirname(dest), `.${path.basename(dest)}.${suffix}`);
}

export function sha256Of(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Throws when `expected` pins a sha256 and `actual` differs from it. */
export function checkDigest(label: string, actual: string, expected: Expected): void {
  if (expected.sha256 !== null && actual !== expected.sha256.toLowerCase()) {
    throw new Error(`${label}: sha256 mismatch: expected ${expected.sha256}, got ${actual}`);
  }
}

/** An unpinned file is accepted when it is not empty and, for JSON, parses. */
export async function looksSane(file: string): Promise<boolean> {
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

export function formatMb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/** `GET <url>: HTTP <status> <text>` for a response that is not a success. */
export function httpStatusError(url: string, res: { status: number; statusText: string }): Error {
  return new Error(`GET ${url}: HTTP ${res.status} ${res.statusText}`.trim());
}

/** `GET <url>: <reason>` for a request that failed before any response. */
export function requestError(url: string, err: unknown): Error {
  return new Error(`GET ${url}: ${describeError(err)}`, { cause: err });
}

/** A one-line reason for an error, with the network cause (`ENOTFOUND host`, …) when there is one. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  if (err instanceof TypeError && cause instanceof Error) {
    const detail = cause.message || (cause as { code?: string }).code || cause.name;
    return `${err.message} (${detail})`;
  }
  return err.message;
}
