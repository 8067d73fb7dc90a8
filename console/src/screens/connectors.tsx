import { useEffect, useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { formatDate, Problem, useLoad, useProblem } from '../ui.tsx';
import { ConnectorForm } from '../connectors/form.tsx';
import { ConnectorRuns, inProgress, RUN_POLL_MS, runCounts } from '../connectors/runs.tsx';

type Connector = Schemas['Connector'];

/**
 * The company's connectors (docs/connectors.md): add and edit them with a form that can test the
 * connection first, sync now and watch the run's counts move, pause and resume the schedule, read
 * the last runs with their per-item errors, and delete (the documents with it, or kept).
 */
export function Connectors() {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const [editing, setEditing] = useState<Connector | 'new' | null>(null);
  const [runsOf, setRunsOf] = useState<Connector | null>(null);
  const [version, setVersion] = useState(0);
  const list = useLoad(async () => {
    const res = await api.GET('/api/connectors', { params: { query: { limit: 100 } } });
    report(res);
    return res.data?.data.items ?? [];
  }, [version]);
  const reload = () => setVersion((v) => v + 1);
  const running = list.data?.some((c) => inProgress(c.lastRun)) ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [running]);

  const call = async (res: Promise<{ response: Response; error?: unknown }>) => {
    report(await res);
    reload();
  };
  const remove = (c: Connector, keepDocuments: boolean) => {
    const question = keepDocuments ? 'confirmDeleteConnectorKeep' : 'confirmDeleteConnector';
    if (!confirm(t(question, { name: c.name }))) return;
    if (runsOf?.id === c.id) setRunsOf(null);
    void call(
      api.DELETE('/api/connectors/{id}', { params: { path: { id: c.id }, query: { keepDocuments } } }),
    );
  };

  return (
    <section>
      {editing ? (
        <ConnectorForm
          key={editing === 'new' ? 'new' : editing.id}
          connector={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) reload();
          }}
        />
      ) : (
        <p>
          <button type="button" class="primary" onClick={() => setEditing('new')}>
            {t('addConnector')}
          </button>
        </p>
      )}
      <Problem text={problem} />
      {list.data && !list.data.length && <p>{t('noConnectorsForm')}</p>}
      <ul class="cards connector-list" hidden={!list.data?.length} aria-label={t('connectors')}>
        {list.data?.map((c) => {
          const run = c.lastRun;
          return (
            <li key={c.id} class="card" data-testid="connector" aria-label={c.name}>
              <h3>
                {c.name} <span class="badge">{t(`kind_${c.kind as 'folder'}`)}</span>{' '}
                {!c.enabled && <span class="badge error">{t('paused')}</span>}
              </h3>
              <p class="hint">
                {t('schedule')}:{' '}
                {c.intervalMinutes ? t('everyMinutes', { n: c.intervalMinutes }) : t('manualOnly')}
                {c.nextSyncAt && c.enabled ? ` · ${formatDate(c.nextSyncAt, lang)}` : ''}
              </p>
              <p data-testid="last-run" aria-live="polite">
                {t('lastRun')}:{' '}
                {run ? (
                  <>
                    <strong>{t(`runStatus_${run.status}`)}</strong> ·{' '}
                    {formatDate(run.finishedAt ?? run.startedAt ?? run.createdAt, lang)} · {runCounts(run)}
                    {run.error ? ` · ${run.error}` : ''}
                  </>
                ) : (
                  '—'
                )}
              </p>
              <p class="actions">
                <button
                  type="button"
                  disabled={inProgress(run)}
                  onClick={() =>
                    void call(api.POST('/api/connectors/{id}/sync', { params: { path: { id: c.id } } }))
                  }
                >
                  {t('syncNow')}
                </button>
                <button type="button" onClick={() => setEditing(c)}>
                  {t('edit')}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    void call(
                      api.PATCH('/api/connectors/{id}', {
                        params: { path: { id: c.id } },
                        body: { enabled: !c.enabled },
                      }),
                    )
                  }
                >
                  {c.enabled ? t('pause') : t('resume')}
                </button>
                <button
                  type="button"
                  aria-pressed={runsOf?.id === c.id}
                  onClick={() => setRunsOf(runsOf?.id === c.id ? null : c)}
                >
                  {t('runs')}
                </button>
                <button type="button" class="danger" onClick={() => remove(c, false)}>
                  {t('delete')}
                </button>
                <button type="button" class="danger" onClick={() => remove(c, true)}>
                  {t('deleteConnectorKeep')}
                </button>
              </p>
              {runsOf?.id === c.id && <ConnectorRuns id={c.id} name={c.name} version={version} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
