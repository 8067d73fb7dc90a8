import { useEffect, useRef, useState } from 'preact/hooks';
import { api, authHeader, refreshSession } from '../api.ts';

/** The server's default upload limit (MAX_UPLOAD_MB); a bigger file is refused before sending. */
export const MAX_UPLOAD_MB = 50;
/** Uploads in flight at once; the rest wait their turn. */
const CONCURRENCY = 2;
/** Automatic tries for a network error or a 5xx before the item shows "failed". */
const MAX_TRIES = 4;

/** File endings the server reads (src/ingestion: sniffed from the bytes, these are the usual names). */
export const ACCEPTED = (
  'pdf docx xlsx ods csv tsv pptx odp odt rtf epub eml msg png jpg jpeg gif webp tif tiff bmp ' +
  'html htm xhtml md markdown txt text json xml log'
).split(' ');

/** Where a file is in its way to the server. */
export type UploadState =
  'checking' | 'duplicate' | 'queued' | 'uploading' | 'waiting' | 'uploaded' | 'failed' | 'refused';

/** One file of the queue; `documentId` once the server accepted it. */
export interface UploadItem {
  id: number;
  file: File;
  state: UploadState;
  progress: number;
  tries: number;
  /** The server's or the check's reason (refused, failed). */
  message?: string;
  /** refused before sending: why, as a dictionary key with values. */
  reason?: 'tooBig' | 'badType';
  /** When a 429's Retry-After (or a back-off) lets it go again, ms since epoch. */
  retryAt?: number;
  /** Why it waits: the upload rate limit (429; `limit` uploads a minute when the server said) or a server error. */
  waitFor?: { kind: 'limit'; limit: number } | { kind: 'server' };
  duplicateOf?: string;
  documentId?: string;
}

/** Checks a file before anything is sent: type by its ending, size against MAX_UPLOAD_MB. */
export function precheck(file: File): UploadItem['reason'] | undefined {
  if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return 'tooBig';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!ACCEPTED.includes(ext) && !file.type.startsWith('text/')) return 'badType';
  return undefined;
}

/** The SHA-256 of a file, hex, or null where the page is not a secure context (no crypto.subtle). */
async function sha256(file: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Item ids: a counter (two drops within the same millisecond must not share one). */
let lastId = 0;

interface Sent {
  status: number;
  retryAfter: number;
  /** X-RateLimit-Limit of the answer: uploads allowed per window. */
  limit?: number;
  message?: string;
  id?: string;
}

/** One multipart POST with upload progress (fetch reports none for request bodies). */
function send(file: File, topicId: string, onProgress: (p: number) => void): Promise<Sent> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents/upload');
    for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { data?: { id?: string }; error?: { message?: string; retryAfter?: number } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the status says enough */
      }
      resolve({
        status: xhr.status,
        retryAfter: Number(xhr.getResponseHeader('retry-after')) || body.error?.retryAfter || 0,
        limit: Number(xhr.getResponseHeader('x-ratelimit-limit')) || undefined,
        message: body.error?.message,
        id: body.data?.id,
      });
    };
    xhr.onerror = () => resolve({ status: 0, retryAfter: 0 });
    const form = new FormData();
    if (topicId) form.append('topicId', topicId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * The upload queue: files are checked (type, size, duplicate by content hash), then sent two at a
 * time; a 429 waits out its Retry-After and goes again, a network error or 5xx backs off and
 * retries, other refusals keep the server's message. `onUploaded` runs after each accepted file.
 */
export function useUploadQueue(onUploaded: () => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const ref = useRef<UploadItem[]>([]);
  const topicOf = useRef(new Map<number, string>());
  const [tick, setTick] = useState(0);
  const commit = (next: UploadItem[]) => {
    ref.current = next;
    setItems(next);
  };
  const patch = (id: number, p: Partial<UploadItem>) =>
    commit(ref.current.map((x) => (x.id === id ? { ...x, ...p } : x)));

  const upload = async (item: UploadItem) => {
    patch(item.id, { state: 'uploading', progress: 0, tries: item.tries + 1, retryAt: undefined });
    const topic = topicOf.current.get(item.id) ?? '';
    let r = await send(item.file, topic, (progress) => patch(item.id, { progress }));
    if (r.status === 401 && (await refreshSession())) r = await send(item.file, topic, () => {});
    if (r.status === 201) {
      patch(item.id, { state: 'uploaded', progress: 1, documentId: r.id });
      onUploaded();
    } else if (r.status === 429) {
      // The spec's upload limit (10 a minute): a first bulk import waits for it, nothing is wrong.
      patch(item.id, {
        state: 'waiting',
        retryAt: Date.now() + Math.max(1, r.retryAfter) * 1000,
        waitFor: { kind: 'limit', limit: r.limit ?? 0 },
      });
    } else if ((r.status === 0 || r.status >= 500) && item.tries + 1 < MAX_TRIES) {
      patch(item.id, {
        state: 'waiting',
        retryAt: Date.now() + 2 ** (item.tries + 1) * 1000,
        waitFor: { kind: 'server' },
      });
    } else {
      patch(item.id, { state: 'failed', message: r.message ?? `HTTP ${r.status || '—'}` });
    }
  };

  // The scheduler: start queued items up to CONCURRENCY; wake waiting ones when their time comes.
  useEffect(() => {
    const now = Date.now();
    for (const w of ref.current)
      if (w.state === 'waiting' && (w.retryAt ?? 0) <= now) patch(w.id, { state: 'queued' });
    const busy = ref.current.filter((x) => x.state === 'uploading').length;
    for (const next of ref.current.filter((x) => x.state === 'queued').slice(0, CONCURRENCY - busy))
      void upload(next).then(() => setTick((n) => n + 1));
    const waits = ref.current.filter((x) => x.state === 'waiting').map((x) => x.retryAt ?? now);
    if (!waits.length) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(100, Math.min(...waits) - now));
    return () => clearTimeout(timer);
  }, [items.map((x) => x.state).join(), tick]);

  /** Adds files to the queue (into `topicId`, '' for none). */
  const add = (files: File[], topicId: string) => {
    const added: UploadItem[] = files.map((file) => {
      const reason = precheck(file);
      const id = ++lastId;
      topicOf.current.set(id, topicId);
      return { id, file, progress: 0, tries: 0, state: reason ? 'refused' : 'checking', reason };
    });
    commit([...added, ...ref.current]);
    for (const item of added.filter((x) => x.state === 'checking')) {
      void (async () => {
        const hash = await sha256(item.file).catch(() => null);
        const found = hash
          ? await api
              .GET('/api/documents', { params: { query: { sha256: hash, limit: 1 } } })
              .catch(() => null)
          : null;
        const dup = found?.data?.data.items[0];
        patch(item.id, dup ? { state: 'duplicate', duplicateOf: dup.name } : { state: 'queued' });
      })();
    }
  };
  const requeue = (pred: (x: UploadItem) => boolean) =>
    commit(ref.current.map((x) => (pred(x) ? { ...x, state: 'queued', tries: 0, message: undefined } : x)));
  return {
    items,
    add,
    /** Sends a file flagged as a duplicate anyway. */
    uploadAnyway: (id: number) => requeue((x) => x.id === id && x.state === 'duplicate'),
    /** Drops an item from the list (a duplicate the person does not want, or a finished line). */
    remove: (id: number) => commit(ref.current.filter((x) => x.id !== id)),
    /** Sends every failed item again. */
    retryFailed: () => requeue((x) => x.state === 'failed'),
    clearFinished: () => commit(ref.current.filter((x) => x.state !== 'uploaded' && x.state !== 'refused')),
  };
}
