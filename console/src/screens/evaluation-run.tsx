import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Problem, useLoad, useProblem } from '../ui.tsx';
import { outcome, pct } from './evaluation-compare.tsx';

type Result = Schemas['EvaluationResult'];

/**
 * A question set showing every field of docs/evaluations.md "Question sets", offered as a file to
 * start from (the documents named are the shared examples'; replace them with yours).
 */
export const EXAMPLE_SET = [
  {
    id: 'faa-1',
    question: 'By when must comments on the 737 MAX proposal reach the FAA?',
    expected: ['September 21, 2020'],
    documents: ['federal-register-2020-17221.pdf'],
    kind: 'fact',
  },
  {
    id: 'faa-2',
    question: 'And under which docket number?',
    expected: ['FAA-2020-0686'],
    documents: ['federal-register-2020-17221.pdf'],
    history: ['What does the FAA propose for the 737 MAX?'],
  },
  {
    id: 'table-1',
    question: 'How many passengers travelled in November?',
    expected: ['1,234'],
    kind: 'table',
  },
  { id: 'none-1', question: 'What is the capital of Mars?', unanswerable: true },
]
  .map((q) => JSON.stringify(q))
  .join('\n');

/** Offers EXAMPLE_SET as `example-questions.jsonl`. */
export function downloadExampleSet() {
  const url = URL.createObjectURL(new Blob([EXAMPLE_SET + '\n'], { type: 'application/x-ndjson' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'example-questions.jsonl';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const lead = (r: Result): 'evalLead' | 'evalNotLead' | null =>
  r.scores.leadContains === undefined || r.scores.leadContains === null || !r.scores.contains
    ? null
    : r.scores.leadContains
      ? 'evalLead'
      : 'evalNotLead';

/** One run's answers, question by question, with what was expected and how each scored. */
export function EvaluationRun({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const run = useLoad(async () => {
    const res = await api.GET('/api/evaluations/{id}', { params: { path: { id } } });
    report(res);
    return res.data?.data ?? null;
  }, [id]);
  const r = run.data;
  if (!r) return <Problem text={problem} />;
  return (
    <section aria-labelledby="run-answers-title">
      <h2 id="run-answers-title">{t('evalAnswersOf', { name: r.name })}</h2>
      <p>
        {t('contains')} {pct(r.totals?.contains)} · {t('leadAnswer')} {pct(r.totals?.leadAnswer)} ·{' '}
        {t('falseRefusals')} {pct(r.totals?.falseRefusals)} · {t('refusalsOnUnanswerable')}{' '}
        {pct(r.totals?.refusalsOnUnanswerable)}{' '}
        <button type="button" onClick={onClose}>
          {t('evalClose')}
        </button>
      </p>
      <table tabIndex={0} class="grid compare" data-testid="run-answers">
        <thead>
          <tr>
            <th scope="col">{t('evalQuestion')}</th>
            <th scope="col">{t('evalExpected')}</th>
            <th scope="col">{t('evalOutcome')}</th>
            <th scope="col">{t('evalAnswer')}</th>
          </tr>
        </thead>
        <tbody>
          {r.results.map((x) => {
            const o = outcome(x);
            const l = lead(x);
            return (
              <tr key={x.question.id}>
                <th scope="row">{x.question.question}</th>
                <td>{x.question.unanswerable ? '—' : (x.question.expected ?? []).join(' | ')}</td>
                <td>
                  <span class={`badge ${o === 'evalRight' ? 'vectorized' : 'processing'}`}>{t(o)}</span>
                  {l && <span class="reason"> {t(l)}</span>}
                  {x.scores.tokenF1 !== null && <span class="reason"> F1 {pct(x.scores.tokenF1)}</span>}
                </td>
                <td>{x.error ?? x.answer}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
