/**
 * Keeps keyboard focus inside the open panel (a modal dialog): Tab and Shift+Tab cycle through its
 * visible, enabled controls; Escape calls `escape` (close the source view, else the panel).
 */
export function trapFocus(root: ShadowRoot, panel: HTMLElement, escape: () => void) {
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      escape();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...panel.querySelectorAll<HTMLElement>('button,textarea,a[href],[tabindex="0"]')].filter(
      (el) => !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && root.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && root.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  });
}
