import { h } from './dom.ts';
import type { Strings } from './strings.ts';

export type Rating = 'up' | 'down';

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
    const b = h(
      'button',
      { type: 'button', 'aria-label': r === 'up' ? s.helpful : s.notHelpful },
      r === 'up' ? '👍' : '👎',
    );
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
