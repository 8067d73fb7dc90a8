import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { Problem, useProblem } from '../ui.tsx';
import { RAG_DEFAULTS, ignoredBy } from '../settings/defaults.ts';
import { ModeBanner } from '../settings/mode-banner.tsx';
import { AnswererSettings, effectiveMode } from '../settings/answerer.tsx';

interface Form {
  language: 'en' | 'fr';
  systemPrompt: string;
  topK: string;
  temperature: string;
  answerThreshold: string;
  rerank: boolean;
  ssoDomains: string;
}

/**
 * RAG settings: every field shows the server's default and what it does; a cleared field saves
 * the default, "Reset to defaults" restores them all; a banner names the answer mode and the
 * settings it ignores (those fields are marked too).
 */
export function Settings() {
  const { t } = useI18n();
  const companyId = useSession().user.companyId;
  const { problem, report } = useProblem();
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState(false);
  const [mode, setMode] = useState<{ provider: string; model: string | null } | null>(null);
  useEffect(() => {
    void api.GET('/api/companies/{id}', { params: { path: { id: companyId } } }).then((res) => {
      report(res);
      const s = (res.data?.data.settings ?? {}) as Record<string, unknown>;
      const num = (v: unknown) => (typeof v === 'number' ? String(v) : '');
      setForm({
        language: s.language === 'fr' ? 'fr' : 'en',
        systemPrompt: typeof s.systemPrompt === 'string' ? s.systemPrompt : '',
        topK: num(s.topK),
        temperature: num(s.temperature),
        answerThreshold: num(s.answerThreshold),
        rerank: s.rerank === true,
        ssoDomains: Array.isArray(s.ssoDomains) ? s.ssoDomains.join('\n') : '',
      });
    });
  }, [companyId]);
  if (!form) return <Problem text={problem} />;
  const set = (k: keyof Form) => (e: { currentTarget: { value: string } }) => {
    setSaved(false);
    setForm({ ...form, [k]: e.currentTarget.value });
  };
  const ignored = mode ? ignoredBy(mode.provider) : [];
  const ignoredNote = (k: 'systemPrompt' | 'temperature') =>
    ignored.includes(k) && <small class="ignored"> {t('ignoredInMode')}</small>;
  const num = (v: string, fallback: number) => (v.trim() === '' ? fallback : Number(v));
  const reset = () => {
    setSaved(false);
    setForm({ ...form, systemPrompt: '', topK: '', temperature: '', answerThreshold: '', rerank: false });
  };

  return (
    <>
      {mode && <ModeBanner mode={mode} />}
      <AnswererSettings onChanged={(a) => setMode(effectiveMode(a))} />
      <form
        class="card"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.PUT('/api/companies/{id}', {
            params: { path: { id: companyId } },
            body: {
              settings: {
                language: form.language,
                systemPrompt: form.systemPrompt,
                // Stored keys are replaced, never removed: a cleared field saves the default.
                topK: num(form.topK, RAG_DEFAULTS.topK),
                temperature: num(form.temperature, RAG_DEFAULTS.temperature),
                answerThreshold: num(form.answerThreshold, RAG_DEFAULTS.answerThreshold),
                rerank: form.rerank,
                ssoDomains: form.ssoDomains.split(/[\s,]+/).filter(Boolean),
              },
            },
          });
          report(res);
          setSaved(!!res.data);
        }}
      >
        <label>
          {t('docLanguage')}
          <select value={form.language} onChange={set('language')}>
            <option value="en">English</option>
            <option value="fr">Français</option>
          </select>
          <small>{t('helpLanguage')}</small>
        </label>
        <label>
          <span>
            {t('systemPrompt')}
            {ignoredNote('systemPrompt')}
          </span>
          <textarea
            rows={4}
            maxLength={4000}
            placeholder={t('defaultBuiltInPrompt')}
            value={form.systemPrompt}
            onInput={set('systemPrompt')}
          />
          <small>{t('helpSystemPrompt')}</small>
        </label>
        <label>
          {t('topK')}
          <input
            type="number"
            min={1}
            max={20}
            placeholder={t('defaultValue', { v: RAG_DEFAULTS.topK })}
            value={form.topK}
            onInput={set('topK')}
          />
          <small>{t('helpTopK', { v: RAG_DEFAULTS.topK })}</small>
        </label>
        <label>
          <span>
            {t('temperature')}
            {ignoredNote('temperature')}
          </span>
          <input
            type="number"
            min={0}
            max={2}
            step={0.1}
            placeholder={t('defaultValue', { v: RAG_DEFAULTS.temperature })}
            value={form.temperature}
            onInput={set('temperature')}
          />
          <small>{t('helpTemperature', { v: RAG_DEFAULTS.temperature })}</small>
        </label>
        <label>
          {t('answerThreshold')}
          <input
            type="number"
            min={0}
            max={1}
            step={0.05}
            placeholder={t('defaultValue', { v: RAG_DEFAULTS.answerThreshold })}
            value={form.answerThreshold}
            onInput={set('answerThreshold')}
          />
          <small>{t('helpThreshold', { v: RAG_DEFAULTS.answerThreshold })}</small>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={form.rerank}
            onChange={(e) => setForm({ ...form, rerank: e.currentTarget.checked })}
          />{' '}
          {t('rerank')}
        </label>
        <label>
          {t('ssoDomains')}
          <textarea rows={2} value={form.ssoDomains} onInput={set('ssoDomains')} />
        </label>
        <Problem text={problem} />
        <p class="actions">
          <button type="submit" class="primary">
            {t('save')}
          </button>
          <button type="button" onClick={reset}>
            {t('resetDefaults')}
          </button>
          <span role="status">{saved ? t('saved') : ''}</span>
        </p>
      </form>
    </>
  );
}
