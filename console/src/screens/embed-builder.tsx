import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { CopyButton } from '../ui.tsx';
import { embedSnippet, useWidgetPin, type Embed } from './embed-snippet.ts';
import { WidgetPreview } from './embed-preview.tsx';

export { embedSnippet, useWidgetPin } from './embed-snippet.ts';

/** The widget's default colours (widget/src/styles.ts): a snippet names a colour only when it differs. */
const COLOR = '#2456d3';
const ACCENT = '#dbe4fb';

/** A key the builder can embed: the one just generated (its secret known) or a listed one. */
type Listed = Pick<Schemas['ApiKey'], 'id' | 'name' | 'keyPrefix' | 'keyLast4' | 'allDocuments' | 'topicIds'>;

/**
 * The widget embed builder: which key (the one just generated, or any listed key), its topics
 * only (a page's topic can narrow a key's scope, never widen it), title, language, corner,
 * colours, greeting and suggested questions, with a live preview and the snippet, pinned with
 * `integrity` and `crossorigin`. A listed key's secret is not kept by the server, so its snippet
 * shows `prefix…last4` until the admin pastes the key (checked against both, kept in the page only).
 */
export function EmbedBuilder(props: {
  created: { id: string; key: string; name: string; allDocuments: boolean; topicIds: string[] } | null;
  keys: Listed[];
  topics: Schemas['Topic'][];
}) {
  const { t } = useI18n();
  const pin = useWidgetPin();
  const [keyId, setKeyId] = useState('');
  const [pasted, setPasted] = useState('');
  const [e, setE] = useState<Embed>({
    title: '',
    topicId: '',
    lang: '',
    position: 'bottom-right',
    color: COLOR,
    accent: ACCENT,
    logo: '',
    greeting: '',
    suggestions: '',
  });
  // A newly generated key is the one to embed; choosing another key resets the topic.
  useEffect(() => {
    if (props.created) setKeyId(props.created.id);
  }, [props.created?.id]);
  const isCreated = props.created !== null && keyId === props.created.id;
  // The list may not have reloaded yet after generating: the new key is listed from its answer.
  const listed: Listed[] =
    props.created && !props.keys.some((k) => k.id === props.created!.id)
      ? [{ ...props.created, keyPrefix: props.created.key.slice(0, 13), keyLast4: null }, ...props.keys]
      : props.keys;
  const selected = listed.find((k) => k.id === keyId) ?? null;
  const topics = selected
    ? props.topics.filter((x) => selected.allDocuments || selected.topicIds.includes(x.id))
    : [];
  const matches = (k: string) =>
    !!selected && k.startsWith(selected.keyPrefix) && (!selected.keyLast4 || k.endsWith(selected.keyLast4));
  const keyText = isCreated
    ? props.created!.key
    : selected && matches(pasted.trim())
      ? pasted.trim()
      : selected
        ? `${selected.keyPrefix}…${selected.keyLast4 ?? ''}`
        : 'svc_live_…';
  const set = (patch: Partial<Embed>) => setE({ ...e, ...patch });
  const code = embedSnippet(keyText, e, pin);
  const field = (label: string, key: 'title' | 'logo' | 'greeting', max: number) => (
    <label>
      {label}
      <input maxLength={max} value={e[key]} onInput={(ev) => set({ [key]: ev.currentTarget.value })} />
    </label>
  );
  const colour = (label: string, key: 'color' | 'accent') => (
    <label>
      {label}
      <input type="color" value={e[key]} onInput={(ev) => set({ [key]: ev.currentTarget.value })} />
    </label>
  );
  return (
    <section class="card embed-builder" aria-labelledby="embed-title">
      <h2 id="embed-title">{t('embedBuilder')}</h2>
      {!props.keys.length && !props.created && <p class="hint">{t('embedNeedsKey')}</p>}
      <div class="embed-grid">
        <div>
          <label>
            {t('embedKey')}
            <select
              value={keyId}
              onChange={(ev) => {
                setKeyId(ev.currentTarget.value);
                setPasted('');
                set({ topicId: '' });
              }}
            >
              <option value="">—</option>
              {listed.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.id === props.created?.id
                    ? t('embedNewKey', { name: k.name })
                    : `${k.name} (${k.keyPrefix}…${k.keyLast4 ?? ''})`}
                </option>
              ))}
            </select>
          </label>
          {selected && !isCreated && (
            <label>
              {t('embedPasteKey')}
              <input
                type="password"
                autoComplete="off"
                value={pasted}
                aria-invalid={pasted.trim() !== '' && !matches(pasted.trim())}
                onInput={(ev) => setPasted(ev.currentTarget.value)}
              />
              <small>
                {pasted.trim() && !matches(pasted.trim())
                  ? t('embedKeyMismatch')
                  : t('embedKeyPlaceholderHint')}
              </small>
            </label>
          )}
          {field(t('widgetTitle'), 'title', 80)}
          <label>
            {t('topic')}
            <select value={e.topicId} onChange={(ev) => set({ topicId: ev.currentTarget.value })}>
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
            <select value={e.lang} onChange={(ev) => set({ lang: ev.currentTarget.value as Embed['lang'] })}>
              <option value="">{t('langAuto')}</option>
              <option value="en">English</option>
              <option value="fr">Français</option>
            </select>
          </label>
          <label>
            {t('widgetPosition')}
            <select
              value={e.position}
              onChange={(ev) => set({ position: ev.currentTarget.value as Embed['position'] })}
            >
              <option value="bottom-right">{t('bottomRight')}</option>
              <option value="bottom-left">{t('bottomLeft')}</option>
            </select>
          </label>
          {colour(t('widgetColor'), 'color')}
          {colour(t('widgetAccent'), 'accent')}
          {field(t('widgetLogo'), 'logo', 2000)}
          {field(t('widgetGreeting'), 'greeting', 500)}
          <label>
            {t('widgetSuggestions')}
            <textarea
              rows={4}
              value={e.suggestions}
              onInput={(ev) => set({ suggestions: ev.currentTarget.value })}
            />
          </label>
        </div>
        <WidgetPreview e={e} />
      </div>
      <pre>
        <code data-testid="embed-snippet">{code}</code>
      </pre>
      <p class="hint">{pin ? t('embedPinned') : t('embedUnpinned')}</p>
      <CopyButton text={code} label={t('copySnippet')} />
    </section>
  );
}
