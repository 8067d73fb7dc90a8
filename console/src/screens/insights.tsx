import { useState } from 'preact/hooks';
import { api, type paths } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Link, Problem, useLoad, useProblem } from '../ui.tsx';
import { BarChart } from '../insights/bar-chart.tsx';
import { QuestionList } from '../insights/question-list.tsx';
import { InsightsConversation } from '../insights/conversation.tsx';
import '../insights/insights.css';

type Day =
  paths['/api/insights']['get']['responses'][200]['content']['application/json']['data']['questionsPerDay'][number];

/** Saves a CSV export fetched with the bearer token (a plain link could not send it). */
async function downloadCsv(
  days: number,
  table: 'days' | 'questions',
  report: (r: { response: Response; error?: unknown }) => void,
) {
  const res = await api.GET('/api/insights.csv', { params: { query: { days, table } }, parseAs: 'blob' });
  report(res);
  if (!res.data) return;
  const named = /filename="([^"]+)"/.exec(res.response.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = named?.[1] ?? `insights-${table}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Insights (issue 40): charts of questions by channel, refusals and feedback per day; the
 * unanswered and thumbs-down questions, each with its conversation and "Upload a document for
 * this"; the most-cited documents; CSV exports. `/app/insights/:conversationId` shows one
 * conversation. Loaded on first view (screens/insights-lazy.tsx), outside the initial JS.
 */
export function Insights({ id }: { id?: string }) {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [days, setDays] = useState(30);
  const data = useLoad(async () => {
    if (id) return null;
    const res = await api.GET('/api/insights', { params: { query: { days } } });
    report(res);
    return res.data?.data ?? null;
  }, [days, id]);
  if (id) return <InsightsConversation id={id} />;
  const d = data.data;
  return (
    <section class="insights">
      <div class="inline">
        <label>
          {t('insightsPeriod')}{' '}
          <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            {[7, 30, 90].map((n) => (
              <option key={n} value={n}>
                {t('lastNDays', { n })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void downloadCsv(days, 'days', report)}>
          {t('downloadCsvDays')}
        </button>
        <button type="button" onClick={() => void downloadCsv(days, 'questions', report)}>
          {t('downloadCsvQuestions')}
        </button>
      </div>
      <Problem text={problem} />
      {d && (
        <>
          <p class="totals" data-testid="insights-totals">
            {t('questions')}: <strong>{d.totals.questions}</strong> ({t('channel_console')} {d.totals.console}{' '}
            · {t('channel_widget')} {d.totals.widget}) · {t('refused')}: <strong>{d.totals.refused}</strong> ·{' '}
            {t('thumbsUpShort')}: {d.totals.thumbsUp} · {t('thumbsDownShort')}: {d.totals.thumbsDown}
          </p>
          <div class="charts">
            <BarChart<Day>
              title={t('chartQuestions')}
              rows={d.questionsPerDay}
              series={[
                { label: t('channel_console'), value: (r) => r.console, cls: 's-console' },
                { label: t('channel_widget'), value: (r) => r.widget, cls: 's-widget' },
              ]}
            />
            <BarChart<Day>
              title={t('chartRefusals')}
              rows={d.questionsPerDay}
              series={[{ label: t('refused'), value: (r) => r.refused, cls: 's-refused' }]}
            />
            <BarChart<Day>
              title={t('chartFeedback')}
              rows={d.questionsPerDay}
              series={[
                { label: t('thumbsUpShort'), value: (r) => r.thumbsUp, cls: 's-up' },
                { label: t('thumbsDownShort'), value: (r) => r.thumbsDown, cls: 's-down' },
              ]}
            />
          </div>
          <h2>{t('needsAttention')}</h2>
          <div class="question-lists">
            <QuestionList id="unanswered-title" title={t('unanswered')} items={d.unanswered} />
            <QuestionList id="thumbs-down-title" title={t('thumbsDownQuestions')} items={d.thumbsDown} />
          </div>
          <h2>{t('mostCited')}</h2>
          {d.mostCited.length === 0 ? (
            <p>{t('nothingYet')}</p>
          ) : (
            <ol>
              {d.mostCited.map((m) => (
                <li key={m.documentId}>
                  <Link to={`documents/${encodeURIComponent(m.documentId)}`}>{m.name}</Link> —{' '}
                  {t('citationCount', { n: m.citations })}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
