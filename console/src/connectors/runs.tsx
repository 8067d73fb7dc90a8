import { useEffect } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { formatDate, Problem, useLoad, useProblem } from '../ui.tsx';

type Run = Schemas['ConnectorRun'];

/** How often a run in progress is read again, ms. */
export const RUN_POLL_MS = 2000;

/** A run's counts in the list's short form (+added ~updated →moved −deleted =unchanged !failed). */
export const runCounts = (r: Run) =>
  `+${r.added} ~${r.updated} →${r.moved} −${r.deleted} =${r.unchanged} !${r.failed}`;

export const inProgress = (r: Run | null | undefined) => r?.status === 'queued' || r?.status === 'running';

/**
 * A connector's last runs (GET /api/connectors/{id}/runs), newest first, each with its counts,
 * its error and its per-item errors (the first 100); read again every RUN_POLL_MS while one runs.
 */
export function ConnectorRuns(props: { id: string; name: string; version: number }) {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const runs = useLoad(async () => {
    const res = await api.GET('/api/connectors/{id}/runs', {
      params: { path: { id: props.id }, query: { limit: 20 } },
    });
    report(res);
    return res.data?.data.items ?? null;
  }, [props.id, props.version]);
  const running = runs.data?.some(inProgress) ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(runs.reload, RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [running]);
  return (
    <section class="card" aria-label={t('runsOf', { name: props.name })}>
      <h3>{t('runsOf', { name: props.name })}</h3>
      <Problem text={problem} />
      {runs.data && !runs.data.length && <p>{t('noRuns')}</p>}
      <ol class="runs">
        {runs.data?.map((r) => (
          <li key={r.id} data-status={r.status}>
            <p>
              <strong>{t(`runStatus_${r.status}`)}</strong> · {t(`runTrigger_${r.trigger}`)} ·{' '}
              {formatDate(r.finishedAt ?? r.startedAt ?? r.createdAt, lang)} · <span>{runCounts(r)}</span>
            </p>
            {r.error && <p class="problem">{r.error}</p>}
            {r.truncated && <p class="hint">{t('runTruncated')}</p>}
            {r.errors.length > 0 && (
              <details>
                <summary>{t('itemErrors', { n: r.errors.length })}</summary>
                <ul>
                  {r.errors.map((e) => (
                    <li key={e.item}>
                      <code>{e.item}</code>: {e.error}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
