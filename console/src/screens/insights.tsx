import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { formatDate, Link, Problem, useLoad, useProblem } from '../ui.tsx';

export function Insights() {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const [days, setDays] = useState(30);
  const data = useLoad(async () => {
    const res = await api.GET('/api/insights', { params: { query: { days } } });
    report(res);
    return res.data?.data ?? null;
  }, [days]);
  const d = data.data;
  const max = Math.max(1, ...(d?.questionsPerDay.map((x) => x.questions) ?? []));
  return (
    <section>
      <label>
        {t('questionsPerDay')}{' '}
        <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {[7, 30, 90].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <Problem text={problem} />
      {d && (
        <>
          <p class="totals">
            {t('questions')}: <strong>{d.totals.questions}</strong> · {t('refused')}:{' '}
            <strong>{d.totals.refused}</strong> · {t('thumbsUp')}: {d.totals.thumbsUp} · {t('thumbsDown')}:{' '}
            {d.totals.thumbsDown}
          </p>
          <table tabIndex={0} class="grid bars">
            <caption>{t('questionsPerDay')}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">{t('questions')}</th>
                <th scope="col">{t('refused')}</th>
              </tr>
            </thead>
            <tbody>
              {d.questionsPerDay.map((row) => (
                <tr key={row.date}>
                  <th scope="row">{row.date}</th>
                  <td>
                    <meter
                      min={0}
                      max={max}
                      value={row.questions}
                      aria-label={`${row.date} ${t('questions')}`}
                    />{' '}
                    {row.questions}
                  </td>
                  <td>{row.refused}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('unanswered')}</h2>
          {d.unanswered.length === 0 ? (
            <p>{t('nothingYet')}</p>
          ) : (
            <ul>
              {d.unanswered.map((u) => (
                <li key={u.messageId}>
                  “{u.question}” — {formatDate(u.askedAt, lang)}
                </li>
              ))}
            </ul>
          )}
          <h2>{t('mostCited')}</h2>
          {d.mostCited.length === 0 ? (
            <p>{t('nothingYet')}</p>
          ) : (
            <ol>
              {d.mostCited.map((m) => (
                <li key={m.documentId}>
                  <Link to={`documents/${encodeURIComponent(m.documentId)}`}>{m.name}</Link> — {m.citations}{' '}
                  {t('citations')}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
