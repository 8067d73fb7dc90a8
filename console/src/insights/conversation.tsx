import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { formatDate, Link, Problem, useLoad, useProblem } from '../ui.tsx';
import { uploadFor } from './question-list.tsx';

/**
 * One conversation opened from the insights, read-only, whoever asked it (a user or a widget
 * visitor): each question and answer with its time, refusals and ratings marked, and "Upload a
 * document for this" under each refused or thumbs-down answer.
 */
export function InsightsConversation({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const conv = useLoad(async () => {
    const res = await api.GET('/api/insights/conversations/{id}', { params: { path: { id } } });
    report(res);
    return res.data?.data ?? null;
  }, [id]);
  const c = conv.data;
  let lastQuestion = '';
  return (
    <section class="insights-conversation">
      <p>
        <Link to="insights">{t('backToInsights')}</Link>
      </p>
      <Problem text={problem} />
      {c && (
        <>
          <h2>
            {t('conversation')}: {c.title}
          </h2>
          <p class="hint">
            {formatDate(c.createdAt, lang)} · {t(`channel_${c.channel}`)}
          </p>
          <ol class="transcript">
            {c.messages.map((m) => {
              if (m.role === 'user') lastQuestion = m.content;
              const needs = m.role === 'assistant' && (m.refused || m.feedback === 'down');
              return (
                <li key={m.id} class={`card ${m.role}`} data-refused={m.refused || undefined}>
                  <p class="hint">
                    {m.role === 'user' ? t('transcriptQuestion') : t('transcriptAnswer')} ·{' '}
                    {formatDate(m.createdAt, lang)}
                    {m.feedback && ` · ${m.feedback === 'up' ? t('thumbsUpShort') : t('thumbsDownShort')}`}
                  </p>
                  <p class="content">{m.content}</p>
                  {m.refused && <p class="badge warn">{t('answerRefused')}</p>}
                  {needs && lastQuestion && (
                    <p>
                      <Link to={uploadFor(lastQuestion)}>{t('uploadForThis')}</Link>
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
