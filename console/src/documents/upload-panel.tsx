import { useEffect, useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n, type T } from '../i18n.ts';
import { MAX_UPLOAD_MB, type UploadItem } from './upload-queue.ts';

type Status = Schemas['Document']['status'];

/** The processing status of the documents the queue uploaded, polled while any is pending. */
function useProcessing(items: UploadItem[]) {
  const [status, setStatus] = useState(new Map<string, { status: Status; error: string | null }>());
  const ids = items.flatMap((x) => (x.documentId ? [x.documentId] : []));
  const pending = ids.some((id) => {
    const s = status.get(id)?.status;
    return !s || s === 'UPLOADED' || s === 'PROCESSING';
  });
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(async () => {
      const res = await api
        .GET('/api/documents', { params: { query: { limit: 100, sort: 'createdAt', order: 'desc' } } })
        .catch(() => null);
      const next = new Map(status);
      for (const d of res?.data?.data.items ?? []) next.set(d.id, { status: d.status, error: d.error });
      setStatus(next);
    }, 1500);
    return () => clearTimeout(timer);
  }, [pending, ids.join(), status]);
  return status;
}

/** What a line of the queue says about its file. */
function stateText(t: T, x: UploadItem, processing: Status | undefined, now: number): string {
  switch (x.state) {
    case 'refused':
      return x.reason === 'tooBig' ? t('tooBig', { mb: MAX_UPLOAD_MB }) : t('badType');
    case 'waiting': {
      const s = Math.max(1, Math.ceil(((x.retryAt ?? now) - now) / 1000));
      if (x.waitFor?.kind !== 'limit') return t('waitingRetry', { s });
      return x.waitFor.limit ? t('waitingLimitN', { n: x.waitFor.limit, s }) : t('waitingLimit', { s });
    }
    case 'uploading':
      return t('uploadingPct', { pct: Math.round(x.progress * 100) });
    case 'failed':
      return x.message ?? t('error');
    case 'duplicate':
      return t('duplicateOf', { name: x.duplicateOf ?? '' });
    case 'uploaded':
      return processing ? t(`docStatus_${processing}`) : t('docStatus_UPLOADED');
    default:
      return t(`upload_${x.state}`);
  }
}

/**
 * The upload queue: one line per file with its progress and state (queued, waiting out a rate
 * limit, uploading, then the document's processing status), a summary, "Retry failed", and a
 * choice for files whose bytes are already uploaded.
 */
export function UploadPanel(props: {
  items: UploadItem[];
  onRetryFailed: () => void;
  onUploadAnyway: (id: number) => void;
  onRemove: (id: number) => void;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const processing = useProcessing(props.items);
  const now = Date.now();
  const [, setClock] = useState(0);
  const waiting = props.items.some((x) => x.state === 'waiting');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setClock((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  if (!props.items.length) return null;
  const count = (pred: (x: UploadItem) => boolean) => props.items.filter(pred).length;
  const statusOf = (x: UploadItem) => (x.documentId ? processing.get(x.documentId)?.status : undefined);
  const ready = count((x) => statusOf(x) === 'VECTORIZED');
  const failed = count((x) => x.state === 'failed');
  const summary = t('uploadSummary', {
    total: props.items.length,
    queued: count((x) => ['checking', 'queued', 'waiting'].includes(x.state)),
    sending: count((x) => x.state === 'uploading'),
    processing: count(
      (x) => x.state === 'uploaded' && statusOf(x) !== 'VECTORIZED' && statusOf(x) !== 'ERROR',
    ),
    ready,
    failed: failed + count((x) => x.state === 'refused' || statusOf(x) === 'ERROR'),
  });
  return (
    <section aria-labelledby="uploads-title" class="upload-panel">
      <h2 id="uploads-title">{t('uploads')}</h2>
      <p aria-live="polite" data-testid="upload-summary">
        {summary}
      </p>
      <p class="actions">
        {failed > 0 && (
          <button type="button" onClick={props.onRetryFailed}>
            {t('retryFailed')}
          </button>
        )}
        <button type="button" onClick={props.onClear}>
          {t('clearFinished')}
        </button>
      </p>
      <ul class="uploads">
        {props.items.map((x) => {
          const st = statusOf(x);
          return (
            <li key={x.id} data-state={x.state} data-status={st ?? ''}>
              <span class="file-name">{x.file.name}</span>
              <progress max={1} value={x.state === 'uploaded' ? 1 : x.progress} aria-label={x.file.name} />
              <span
                class={`state ${x.state === 'failed' || x.state === 'refused' || st === 'ERROR' ? 'failed' : ''}`}
              >
                {stateText(t, x, st, now)}
                {st === 'ERROR' && ` — ${processing.get(x.documentId!)?.error ?? ''}`}
              </span>
              {x.state === 'duplicate' && (
                <span class="actions">
                  <button type="button" onClick={() => props.onUploadAnyway(x.id)}>
                    {t('uploadAnyway')}
                  </button>
                  <button type="button" onClick={() => props.onRemove(x.id)}>
                    {t('skipFile')}
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
