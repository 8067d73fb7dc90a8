import { useEffect, useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n, type Key, type T } from '../i18n.ts';
import { DeleteButton, formatDate, Pager, Problem, useLoad, useProblem } from '../ui.tsx';
import { EvaluationCompare, pct } from './evaluation-compare.tsx';
import { downloadExampleSet, EvaluationRun } from './evaluation-run.tsx';

type Run = Schemas['Evaluation'];
/** How often the list refreshes while a run is queued or running, ms. */
const POLL_MS = 2000;

/** The answerer a run used in words ("extractive" is a setting's value, not a label). */
const providerName = (t: T, p: string | undefined) =>
  !p ? '—' : ['extractive', 'ollama', 'openai', 'llamacpp'].includes(p) ? t(`provider_${p}` as Key) : p;

/** Upload a question set, list runs with their totals, compare two (docs/evaluations.md). */
export function Evaluations() {
  const { t, lang } = useI18n();
  const { problem, report, setProblem } = useProblem();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useLoad(async () => {
    const res = await api.GET('/api/evaluations', { params: { query: { page, limit: 20 } } });
    if (!res.response.ok) report(res);
    return res.data?.data ?? null;
  }, [page]);
  const runs = list.data?.items ?? [];
  const active = runs.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING');
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(list.reload, POLL_MS);
    return () => clearInterval(timer);
  }, [active]);

  const start = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    const content = await file.text();
    const res = await api.POST('/api/evaluations', {
      body: { name: name.trim() || file.name, format: /\.csv$/i.test(file.name) ? 'csv' : 'jsonl', content },
    });
    setBusy(false);
    report(res);
    if (res.response.ok) list.reload();
    else {
      const details = (res.error as { error?: { details?: { field: string; reason: string }[] } } | undefined)
        ?.error?.details;
      if (details?.length) setProblem(details.map((d) => `${d.field}: ${d.reason}`).join(' · '));
    }
  };
  const toggle = (id: string) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));

  return (
    <section>
      <p>{t('evalIntro')}</p>
      <form class="card" onSubmit={(e) => void start(e)}>
        <label>
          {t('evalName')}{' '}
          <input value={name} maxLength={255} onInput={(e) => setName(e.currentTarget.value)} />
        </label>{' '}
        <label>
          {t('evalFile')}{' '}
          <input
            type="file"
            data-testid="question-set"
            accept=".jsonl,.csv,.txt,application/json,text/csv"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>{' '}
        <button type="submit" disabled={!file || busy}>
          {t('evalStart')}
        </button>{' '}
        <button type="button" onClick={downloadExampleSet}>
          {t('evalExample')}
        </button>
      </form>
      <Problem text={problem} />
      <h2>{t('evalRuns')}</h2>
      {runs.length === 0 ? (
        <p>{t('evalNoRuns')}</p>
      ) : (
        <table tabIndex={0} class="grid cards">
          <thead>
            <tr>
              <th scope="col">{t('evalCompare')}</th>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('evalQuestions')}</th>
              <th scope="col">{t('topK')}</th>
              <th scope="col">{t('provider')}</th>
              <th scope="col">{t('contains')}</th>
              <th scope="col" title={t('leadAnswerHint')}>
                {t('leadAnswer')}
              </th>
              <th scope="col">{t('falseRefusals')}</th>
              <th scope="col">{t('refusalsOnUnanswerable')}</th>
              <th scope="col">{t('created')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r: Run) => (
              <tr key={r.id}>
                <td data-label={t('evalCompare')}>
                  <input
                    type="checkbox"
                    aria-label={`${t('evalCompare')} ${r.name}`}
                    checked={picked.includes(r.id)}
                    disabled={r.status !== 'COMPLETED'}
                    onChange={() => toggle(r.id)}
                  />
                </td>
                <th scope="row">{r.name}</th>
                <td data-label={t('status')}>
                  <span class={`badge ${r.status.toLowerCase()}`}>{t(`evalStatus_${r.status}`)}</span>
                  {r.error && <span class="reason"> {r.error}</span>}
                </td>
                <td data-label={t('evalQuestions')}>
                  {r.completedCount} / {r.questionCount}
                </td>
                <td data-label={t('topK')}>{r.settings?.topK ?? '—'}</td>
                <td data-label={t('provider')}>{providerName(t, r.settings?.provider)}</td>
                <td data-label={t('contains')}>{pct(r.totals?.contains)}</td>
                <td data-label={t('leadAnswer')}>{pct(r.totals?.leadAnswer)}</td>
                <td data-label={t('falseRefusals')}>{pct(r.totals?.falseRefusals)}</td>
                <td data-label={t('refusalsOnUnanswerable')}>{pct(r.totals?.refusalsOnUnanswerable)}</td>
                <td data-label={t('created')}>{formatDate(r.createdAt, lang)}</td>
                <td data-label={t('actions')} class="actions">
                  {r.completedCount > 0 && (
                    <button
                      type="button"
                      aria-label={`${t('evalAnswers')} ${r.name}`}
                      aria-pressed={viewing === r.id}
                      onClick={() => setViewing(viewing === r.id ? null : r.id)}
                    >
                      {t('evalAnswers')}
                    </button>
                  )}
                  <DeleteButton
                    name={r.name}
                    label={`${t('delete')} ${r.name}`}
                    onDelete={async () => {
                      report(await api.DELETE('/api/evaluations/{id}', { params: { path: { id: r.id } } }));
                      setPicked((p) => p.filter((x) => x !== r.id));
                      list.reload();
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} totalPages={list.data?.pagination.totalPages ?? 1} onPage={setPage} />
      {viewing && <EvaluationRun id={viewing} onClose={() => setViewing(null)} />}
      {picked.length === 2 ? (
        <EvaluationCompare ids={[picked[0]!, picked[1]!]} />
      ) : (
        <p>{t('evalCompareHint')}</p>
      )}
    </section>
  );
}
