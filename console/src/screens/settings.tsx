import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { Problem, useProblem } from '../ui.tsx';

interface Form {
  language: 'en' | 'fr';
  systemPrompt: string;
  topK: string;
  temperature: string;
  rerank: boolean;
  ssoDomains: string;
}

export function Settings() {
  const { t } = useI18n();
  const companyId = useSession().user.companyId;
  const { problem, report } = useProblem();
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void api.GET('/api/companies/{id}', { params: { path: { id: companyId } } }).then((res) => {
      report(res);
      const s = (res.data?.data.settings ?? {}) as Record<string, unknown>;
      setForm({
        language: s.language === 'fr' ? 'fr' : 'en',
        systemPrompt: typeof s.systemPrompt === 'string' ? s.systemPrompt : '',
        topK: typeof s.topK === 'number' ? String(s.topK) : '',
        temperature: typeof s.temperature === 'number' ? String(s.temperature) : '',
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

  return (
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
              ...(form.topK ? { topK: Number(form.topK) } : {}),
              ...(form.temperature ? { temperature: Number(form.temperature) } : {}),
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
      </label>
      <label>
        {t('systemPrompt')}
        <textarea rows={4} maxLength={4000} value={form.systemPrompt} onInput={set('systemPrompt')} />
      </label>
      <label>
        {t('topK')}
        <input type="number" min={1} max={20} value={form.topK} onInput={set('topK')} />
      </label>
      <label>
        {t('temperature')}
        <input
          type="number"
          min={0}
          max={2}
          step={0.1}
          value={form.temperature}
          onInput={set('temperature')}
        />
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
      <button type="submit" class="primary">
        {t('save')}
      </button>
      <span role="status">{saved ? t('saved') : ''}</span>
    </form>
  );
}
