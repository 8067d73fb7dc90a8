import { useI18n } from '../i18n.ts';

/** One stacked part of each bar: the field it reads and its colour class (insights.css). */
export interface Series<R> {
  label: string;
  value: (row: R) => number;
  cls: string;
}

const W = 600;
// The chart is drawn at about half this width (a third of a desktop, a phone): ticks are 20 units.
const H = 180;
const LEFT = 44;
const BOTTOM = 30;

/**
 * A stacked bar chart in hand-written SVG (no chart library: the console's JS budget), one bar
 * per day, oldest left. The SVG is an image with a one-line summary for screen readers; the
 * numbers themselves are in a table under "Show as a table". Colours come from classes, never
 * inline styles (the CSP forbids them).
 */
export function BarChart<R extends { date: string }>(props: {
  title: string;
  rows: R[];
  series: Series<R>[];
}) {
  const { t } = useI18n();
  const { rows, series } = props;
  const totals = rows.map((r) => series.reduce((sum, s) => sum + s.value(r), 0));
  const max = Math.max(1, ...totals);
  const peak = totals.indexOf(Math.max(...totals));
  const slot = (W - LEFT) / Math.max(1, rows.length);
  const bar = Math.max(1, slot * 0.75);
  const y = (v: number) => ((H - BOTTOM) * v) / max;
  const summary = t('chartSummary', {
    title: props.title,
    total: totals.reduce((a, b) => a + b, 0),
    n: rows.length,
    max: Math.max(0, ...totals),
    day: rows[peak]?.date ?? '',
  });
  return (
    <figure class="chart">
      <figcaption>
        <strong>{props.title}</strong>
        <span class="legend">
          {series.map((s) => (
            <span key={s.cls}>
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" class={s.cls} />
              </svg>{' '}
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
        <line x1={LEFT} y1={H - BOTTOM} x2={W} y2={H - BOTTOM} class="axis" />
        <text x={LEFT - 6} y={18} class="tick end">
          {max}
        </text>
        <text x={LEFT - 6} y={H - BOTTOM} class="tick end">
          0
        </text>
        {rows.map((r, i) => {
          let top = H - BOTTOM;
          return (
            <g key={r.date}>
              <title>{`${r.date}: ${series.map((s) => `${s.label} ${s.value(r)}`).join(', ')}`}</title>
              {series.map((s) => {
                const h = y(s.value(r));
                top -= h;
                return h > 0 ? (
                  <rect
                    key={s.cls}
                    x={LEFT + i * slot + (slot - bar) / 2}
                    y={top}
                    width={bar}
                    height={h}
                    class={s.cls}
                  />
                ) : null;
              })}
            </g>
          );
        })}
        <text x={LEFT} y={H - 6} class="tick">
          {rows[0]?.date}
        </text>
        <text x={W} y={H - 6} class="tick end">
          {rows.at(-1)?.date}
        </text>
      </svg>
      <details>
        <summary>{t('chartAsTable')}</summary>
        <table class="grid" tabIndex={0}>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              {series.map((s) => (
                <th scope="col" key={s.cls}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <th scope="row">{r.date}</th>
                {series.map((s) => (
                  <td key={s.cls}>{s.value(r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
