import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from './i18n.ts';

/**
 * The page viewer as a sheet (issue 40: "Open page N" squeezed the chat to 224 px): on a wide
 * screen it takes the right-hand side over the passage column while the thread keeps the rest;
 * on a phone it covers the top of the screen and the composer stays pinned below it. Not modal:
 * the chat stays usable. Focus moves to it when it opens; Escape inside it (or Close) closes it.
 */
export function PageSheet(props: { title: string; onClose: () => void; children: ComponentChildren }) {
  const { t } = useI18n();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      class="pdf-sheet"
      role="dialog"
      aria-modal="false"
      aria-label={props.title}
      tabIndex={-1}
      ref={ref}
      onKeyDown={(e) => {
        // Escape closes the sheet only, not the passage panel under it (a window listener).
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        props.onClose();
      }}
    >
      <header class="sheet-head">
        <h2>{props.title}</h2>
        <button type="button" onClick={props.onClose}>
          {t('closeViewer')}
        </button>
      </header>
      {props.children}
    </section>
  );
}
