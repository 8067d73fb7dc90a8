/**
 * A client for the PyPI Simple Repository API (PEP 503 HTML, PEP 691 JSON), as served by
 * pypi.org, devpi, Nexus and Artifactory: lists a project's files and picks the wheel to fetch.
 */
import { httpStatusError, requestError } from './download.ts';
import type { Context } from './download.ts';

/** A distribution file listed by a simple index. */
export interface IndexFile {
  filename: string;
  /** Absolute URL, fragment removed. */
  url: string;
  /** sha256 given by the index, if any. */
  sha256: string | null;
}

const SIMPLE_JSON = 'application/vnd.pypi.simple.v1+json';

/** PEP 503 name normalisation. */
export function normalizeProjectName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
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
  if (!res.ok) throw httpStatusError(pageUrl, res);
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
    throw requestError(url, err);
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

/** The parts of a wheel's file name (`{project}-{version}(-{build})?-{python}-{abi}-{platform}.whl`). */
export function parseWheelName(filename: string): { project: string; version: string; tags: string } | null {
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
