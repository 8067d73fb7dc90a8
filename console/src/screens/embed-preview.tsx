import { useI18n } from '../i18n.ts';
import { suggestionsOf, textOn, type Embed } from './embed-snippet.ts';

/** The widget's own default texts (widget/src/strings.ts) for the preview. */
const WIDGET_TEXT = {
  en: { title: 'Ask our documents', greeting: 'Hello! Ask me anything about our documents.', send: 'Send' },
  fr: {
    title: 'Interrogez nos documents',
    greeting: 'Bonjour ! Posez-moi une question sur nos documents.',
    send: 'Envoyer',
  },
};

/**
 * The open widget as the builder's choices make it: title, greeting, suggested questions, corner
 * and colours (set as custom properties through the CSSOM, which the console's CSP allows).
 */
export function WidgetPreview({ e }: { e: Embed }) {
  const { t, lang } = useI18n();
  const text = WIDGET_TEXT[e.lang || lang];
  const brand = {
    '--wp-c': e.color,
    '--wp-ct': textOn(e.color),
    '--wp-a': e.accent,
    '--wp-at': textOn(e.accent),
  };
  return (
    <figure
      class={`widget-preview ${e.position}`}
      style={brand}
      aria-label={t('livePreview')}
      data-testid="widget-preview"
    >
      <div class="wp-panel">
        <div class="wp-head">{e.title.trim() || text.title}</div>
        <p class="wp-msg">{e.greeting.trim() || text.greeting}</p>
        {suggestionsOf(e.suggestions).map((q) => (
          <span class="wp-sugg" key={q}>
            {q}
          </span>
        ))}
        <div class="wp-form">
          <span class="wp-input" />
          <span class="wp-send">{text.send}</span>
        </div>
      </div>
      <div class="wp-launcher" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
        </svg>
      </div>
      <figcaption class="visually-hidden">{t('livePreview')}</figcaption>
    </figure>
  );
}
