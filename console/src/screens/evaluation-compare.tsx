import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n, type Key } from '../i18n.ts';
import { Problem, useLoad, useProblem } from '../ui.tsx';

type Result = Schemas['EvaluationResult'];
type Totals = Schemas['EvaluationTotals'];

/** A share as a percentage, `—` when it does not apply. */
export const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`;
const ms = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${Math.round(x)} ms`);

/** right / wrong / refused, by the rules of docs/evaluations.md "Figures". */
export function outcome(r: Result): 'evalRight' | 'evalWrong' | 'evalRefusedShort' {
  if (r.question.unanswerable) return r.refused ? 'evalRight' : 'evalWrong';
  if (r.refused) return 'evalRefusedShort';
  return r.scores.contains ? 'evalRight' : 'evalWrong';
}

const FIGURES: [Key, (t: Totals) => number | null, 'rate' | 'ms', boolean][] = [
  ['hitAtK', (t) => t.hitAtK, 'rate', true],
  ['rightCitation', (t) => t.rightCitation, 'rate', true],
  ['contains', (t) => t.contains, 'rate', true],
  ['leadAnswer', (t) => t.leadAnswer ?? null, 'rate', true],
  ['tokenF1', (t) => t.tokenF1, 'rate', true],
  ['falseRefusals', (t) => t.falseRefusals, 'rate', false],
  ['refusalsOnUnanswerable', (t) => t.refusalsOnUnanswerable, 'rate', true],
  ['latencyP50', (t) => t.latencyMs.p50, 'ms', false],
  ['ttftP50', (t) => t.ttftMs.p50, 'ms', false],
];

/** Two completed runs side by side (older first): totals, then question by question. */
export function EvaluationCompare({ ids }: { ids: [string, string] }) {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [onlyChanged, setOnlyChanged] = useState(false);
  const loaded = useLoad(async () => {
    const runs = await Promise.all(
      ids.map(async (id) => {
        const res = await api.GET('/api/evaluations/{id}', { params: { path: { id } } });
        report(res);
        return res.data?.data ?? null;
      }),
    );
    const [x, y] = runs;
    if (!x || !y) return null;
    return x.createdAt <= y.createdAt ? ([x, y] as const) : ([y, x] as const);
  }, [ids.join()]);
  const pair = loaded.data;
  if (!pair) return <Problem text={problem} />;
  const [a, b] = pair;
  const byId = new Map(b.results.map((r) => [r.question.id, r]));
  const rows = a.results.map((ra) => {
    const rb = byId.get(ra.question.id);
    return { ra, rb, changed: !rb || outcome(ra) !== outcome(rb) };
  });
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;
  const show = (x: number | null, kind: 'rate' | 'ms') => (kind === 'rate' ? pct(x) : ms(x));
  return (
    <section aria-labelledby="compare-title">
      <h2 id="compare-title">
        {t('evalComparison')}: {a.name} → {b.name}
      </h2>
      <table tabIndex={0} class="grid">
        <thead>
          <tr>
            <th scope="col">{t('evalFigure')}</th>
            <th scope="col">
              {a.name} (top-K {a.settings?.topK ?? '—'})
            </th>
            <th scope="col">
              {b.name} (top-K {b.settings?.topK ?? '—'})
            </th>
            <th scope="col">{t('evalDelta')}</th>
          </tr>
        </thead>
        <tbody>
          {FIGURES.map(([key, get, kind, higherIsBetter]) => {
            const x = a.totals ? get(a.totals) : null;
            const y = b.totals ? get(b.totals) : null;
            // Rounded as shown (percentage points, whole ms): a change that shows as 0 is no change.
            const delta =
              x === null || y === null ? null : Math.round(kind === 'rate' ? (y - x) * 100 : y - x);
            const better = delta !== null && delta !== 0 && delta > 0 === higherIsBetter;
            return (
              <tr key={key}>
                <th scope="row">{t(key)}</th>
                <td>{show(x, kind)}</td>
                <td>{show(y, kind)}</td>
                <td class={delta ? (better ? 'better' : 'worse') : undefined}>
                  {delta === null ? '—' : `${delta > 0 ? '+' : ''}${delta} ${kind === 'rate' ? 'pts' : 'ms'}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label class="check">
        <input
          type="checkbox"
          checked={onlyChanged}
          onChange={(e) => setOnlyChanged(e.currentTarget.checked)}
        />{' '}
        {t('evalOnlyChanged')} ({rows.filter((r) => r.changed).length})
      </label>
      <table tabIndex={0} class="grid compare" data-testid="compare-questions">
        <thead>
          <tr>
            <th scope="col">{t('evalQuestion')}</th>
            <th scope="col">{a.name}</th>
            <th scope="col">{b.name}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ ra, rb, changed }) => (
            <tr key={ra.question.id} class={changed ? 'changed' : undefined}>
              <th scope="row">
                {ra.question.question}
                {changed && <span class="badge error"> {t('evalChanged')}</span>}
              </th>
              {[ra, rb].map((r, i) => (
                <td key={i}>
                  {r && (
                    <>
                      <span class={`badge ${outcome(r) === 'evalRight' ? 'vectorized' : 'processing'}`}>
                        {t(outcome(r))}
                      </span>{' '}
                      {r.answer.length > 240 ? `${r.answer.slice(0, 240)}…` : r.answer}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
