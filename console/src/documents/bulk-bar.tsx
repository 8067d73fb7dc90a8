import { useState } from 'preact/hooks';
import type { Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';

/**
 * Actions on the selected documents: move to a topic (or none), reprocess, delete (confirmed in
 * place, not with confirm()). Each runs the same per-document call the row buttons use.
 */
export function BulkBar(props: {
  count: number;
  topics: Schemas['Topic'][];
  onMove: (topicId: string | null) => Promise<void>;
  onReprocess: () => Promise<void>;
  onDelete: () => Promise<void>;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (fn: () => Promise<void>) => async () => {
    setBusy(true);
    await fn();
    setBusy(false);
    setConfirming(false);
  };
  if (!props.count) return null;
  return (
    <section class="bulk card" aria-label={t('bulkActions')}>
      <strong aria-live="polite">{t('selectedCount', { n: props.count })}</strong>
      <label>
        {t('moveTo')}
        <select value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
          <option value="">{t('noTopic')}</option>
          {props.topics.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="primary" disabled={busy} onClick={run(() => props.onMove(target || null))}>
        {t('move')}
      </button>
      <button type="button" disabled={busy} onClick={run(props.onReprocess)}>
        {t('reprocess')}
      </button>
      {confirming ? (
        <span role="group" aria-label={t('confirmBulkDelete', { n: props.count })} class="actions">
          <span>{t('confirmBulkDelete', { n: props.count })}</span>
          <button type="button" class="danger" disabled={busy} onClick={run(props.onDelete)}>
            {t('confirmDeleteYes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
        </span>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          {t('deleteSelected')}
        </button>
      )}
      <button type="button" onClick={props.onClear}>
        {t('clearSelection')}
      </button>
    </section>
  );
}
