import { h } from './dom.ts';
import type { Strings } from './strings.ts';

export type Rating = 'up' | 'down';

/** A thumb up (styles.ts rotates it for down), drawn rather than an emoji: not every system has an emoji font. */
const THUMB =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M2 10h4v11H2zM8 10l4-8c1.7 0 2.6 1.2 2.2 2.8L13.5 9H20a2 2 0 0 1 2 2.3l-1.4 7.6A2.5 2.5 0 0 1 18.1 21H8z"/></svg>';

/**
 * Thumbs up/down under an answer. `rate` sends the rating (null takes it back) and resolves
 * whether the server stored it; the pressed state follows only what was stored, and a polite
 * status says so (or that it failed) to screen readers.
 */
export function feedbackRow(
  s: Strings,
  rate: (rating: Rating | null) => Promise<boolean>,
  initial?: Rating,
): HTMLElement {
  const row = h('div', { class: 'fb', role: 'group', 'aria-label': s.feedback });
  const status = h('span', { class: 'sr', role: 'status' });
  let current: Rating | null = initial ?? null;
  const buttons = (['up', 'down'] as const).map((r) => {
    const b = h('button', { type: 'button', class: r, 'aria-label': r === 'up' ? s.helpful : s.notHelpful });
    b.innerHTML = THUMB; // a constant; styles.ts turns it down for `.down`
    b.addEventListener('click', async () => {
      const next = current === r ? null : r;
      if (!(await rate(next))) {
        status.textContent = s.feedbackFailed;
        return;
      }
      current = next;
      sync();
      status.textContent = next ? s.thanks : '';
    });
    return [r, b] as const;
  });
  const sync = () => {
    for (const [r, b] of buttons) b.setAttribute('aria-pressed', String(current === r));
  };
  sync();
  row.append(...buttons.map(([, b]) => b), status);
  return row;
}
