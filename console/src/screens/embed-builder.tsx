import { useState } from 'preact/hooks';
import type { Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { CopyButton } from '../ui.tsx';

/** The widget's own default texts (widget/src/strings.ts) for the preview. */
const WIDGET_TEXT = {
  en: { title: 'Ask our documents', greeting: 'Hello! Ask me anything about our documents.', send: 'Send' },
  fr: {
    title: 'Interrogez nos documents',
    greeting: 'Bonjour ! Posez-moi une question sur nos documents.',
    send: 'Envoyer',
  },
};

interface Embed {
  title: string;
  topicId: string;
  lang: '' | 'en' | 'fr';
  position: 'bottom-right' | 'bottom-left';
}

/** The `<script>` tag for these choices; attribute values are escaped for HTML. */
export function embedSnippet(apiKey: string, e: Embed): string {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attrs = [
    `src="${location.origin}/widget.js"`,
    `data-api-key="${esc(apiKey)}"`,
    e.topicId && `data-topic-id="${esc(e.topicId)}"`,
    e.title.trim() && `data-title="${esc(e.title.trim())}"`,
    e.lang && `data-lang="${e.lang}"`,
    e.position !== 'bottom-right' && `data-position="${e.position}"`,
  ].filter(Boolean);
  return `<script ${attrs.join('\n        ')} async></script>`;
}

/**
 * The widget embed builder: title, topic (its id goes in data-topic-id), language and corner,
 * with a live preview of the open widget and the snippet to paste, updated as you choose.
 * `topics` are the key's own (all of the company's for an all-documents key, none before a key
 * is generated): a page's topic can narrow a key's scope, never widen it.
 */
export function EmbedBuilder({ apiKey, topics }: { apiKey: string | null; topics: Schemas['Topic'][] }) {
  const { t, lang: uiLang } = useI18n();
  const [e, setE] = useState<Embed>({ title: '', topicId: '', lang: '', position: 'bottom-right' });
  const text = WIDGET_TEXT[e.lang || uiLang];
  const code = embedSnippet(apiKey ?? 'svc_live_…', e);
  return (
    <section class="card embed-builder" aria-labelledby="embed-title">
      <h2 id="embed-title">{t('embedBuilder')}</h2>
      {!apiKey && <p class="hint">{t('embedNeedsKey')}</p>}
      <div class="embed-grid">
        <div>
          <label>
            {t('widgetTitle')}
            <input
              maxLength={80}
              placeholder={text.title}
              value={e.title}
              onInput={(ev) => setE({ ...e, title: ev.currentTarget.value })}
            />
          </label>
          <label>
            {t('topic')}
            <select value={e.topicId} onChange={(ev) => setE({ ...e, topicId: ev.currentTarget.value })}>
              <option value="">{t('keyTopicsAll')}</option>
              {topics.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} ({x.id})
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('language')}
            <select
              value={e.lang}
              onChange={(ev) => setE({ ...e, lang: ev.currentTarget.value as Embed['lang'] })}
            >
              <option value="">{t('langAuto')}</option>
              <option value="en">English</option>
              <option value="fr">Français</option>
            </select>
          </label>
          <label>
            {t('widgetPosition')}
            <select
              value={e.position}
              onChange={(ev) => setE({ ...e, position: ev.currentTarget.value as Embed['position'] })}
            >
              <option value="bottom-right">{t('bottomRight')}</option>
              <option value="bottom-left">{t('bottomLeft')}</option>
            </select>
          </label>
        </div>
        <figure
          class={`widget-preview ${e.position}`}
          aria-label={t('livePreview')}
          data-testid="widget-preview"
        >
          <div class="wp-panel">
            <div class="wp-head">{e.title.trim() || text.title}</div>
            <p class="wp-msg">{text.greeting}</p>
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
      </div>
      <pre>
        <code data-testid="embed-snippet">{code}</code>
      </pre>
      <CopyButton text={code} label={t('copySnippet')} />
    </section>
  );
}
