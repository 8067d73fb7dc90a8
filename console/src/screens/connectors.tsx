import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { formatDate, Problem, useLoad, useProblem } from '../ui.tsx';

/**
 * The company's connectors (docs/connectors.md): each with its last run's status and counts and
 * a "sync now" button. Connectors are created through the API (POST /api/connectors).
 */
export function Connectors() {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const list = useLoad(async () => {
    const res = await api.GET('/api/connectors', { params: { query: { limit: 100 } } });
    report(res);
    return res.data?.data.items ?? [];
  }, []);
  return (
    <section>
      <Problem text={problem} />
      {list.data && !list.data.length && <p>{t('noConnectors')}</p>}
      <table tabIndex={0} class="grid" hidden={!list.data?.length}>
        <caption class="visually-hidden">{t('connectors')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('source')}</th>
            <th scope="col">{t('lastRun')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('syncCounts')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.map((c) => {
            const run = c.lastRun;
            return (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.kind}</td>
                <td>{run ? formatDate(run.finishedAt ?? run.createdAt, lang) : '—'}</td>
                <td>{run ? `${run.status}${run.error ? `: ${run.error}` : ''}` : '—'}</td>
                <td>
                  {run
                    ? `+${run.added} ~${run.updated} →${run.moved} −${run.deleted} =${run.unchanged} !${run.failed}`
                    : '—'}
                </td>
                <td>
                  <button
                    type="button"
                    onClick={async () => {
                      report(await api.POST('/api/connectors/{id}/sync', { params: { path: { id: c.id } } }));
                      list.reload();
                    }}
                  >
                    {t('syncNow')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
