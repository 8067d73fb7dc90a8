import { useEffect, useState } from 'preact/hooks';
import { api, type paths } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Problem, useProblem } from '../ui.tsx';

type Provider = 'installation' | 'extractive' | 'ollama' | 'openai';
type Current = paths['/api/answerer']['get']['responses'][200]['content']['application/json']['data'];
interface TestResult {
  ok: boolean;
  question: string;
  answer: string;
  durationMs: number;
  error: string | null;
}

/** What answers the company's questions: its own choice, else the installation's. */
export const effectiveMode = (a: Current) =>
  a.provider === 'installation'
    ? { provider: a.installation.provider, model: a.installation.model }
    : { provider: a.provider, model: a.model };

/**
 * The company's answerer (PUT /api/answerer): the installation's, the extractive one, or a model
 * at one of the operator's endpoints, the model picked from the server's own list; "Test" asks
 * one question with what is on screen, before or after saving. The API key is write-only.
 */
export function AnswererSettings(props: { onChanged: (current: Current) => void }) {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [current, setCurrent] = useState<Current | null>(null);
  const [provider, setProvider] = useState<Provider>('installation');
  const [endpoint, setEndpoint] = useState('');
  const [model, setModel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [models, setModels] = useState<string[] | null>(null);
  const [modelsError, setModelsError] = useState<string | null>(null);
  const [test, setTest] = useState<TestResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const show = (a: Current) => {
    setCurrent(a);
    setProvider(a.provider);
    setEndpoint(a.endpoint ?? a.endpoints.find((e) => e.kind === a.provider)?.url ?? '');
    setModel(a.model ?? '');
    setApiKey('');
    props.onChanged(a);
  };
  useEffect(() => {
    void api.GET('/api/answerer').then((res) => {
      report(res);
      if (res.data) show(res.data.data);
    });
  }, []);
  const server = provider === 'ollama' || provider === 'openai';
  const endpoints = current?.endpoints.filter((e) => e.kind === provider) ?? [];
  useEffect(() => {
    setModels(null);
    setModelsError(null);
    if (!server || !endpoint) return;
    void api
      .POST('/api/answerer/models', {
        body: { provider, endpoint, ...(apiKey ? { apiKey } : {}) },
      })
      .then((res) => {
        report(res);
        setModels(res.data?.data.models ?? null);
        setModelsError(res.data?.data.error ?? null);
      });
  }, [provider, endpoint]);

  const choice = () => ({
    provider,
    ...(server ? { endpoint, model, ...(apiKey ? { apiKey } : {}) } : {}),
  });
  const runTest = async () => {
    setBusy(true);
    setTest(null);
    const res = await api.POST('/api/answerer/test', { body: choice() });
    setBusy(false);
    report(res);
    setTest(res.data?.data ?? null);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    const res = await api.PUT('/api/answerer', { body: choice() });
    setBusy(false);
    report(res);
    if (res.data) {
      show(res.data.data);
      setSaved(true);
    }
  };

  if (!current) return <Problem text={problem} />;
  const installation = `${current.installation.provider}${current.installation.model ? ` (${current.installation.model})` : ''}`;
  return (
    <form class="card connector-form" aria-labelledby="answerer-title" onSubmit={(e) => void save(e)}>
      <h2 id="answerer-title">{t('answerer')}</h2>
      <label>
        {t('answererProvider')}
        <select
          value={provider}
          onChange={(e) => {
            const next = e.currentTarget.value as Provider;
            setProvider(next);
            setEndpoint(current.endpoints.find((x) => x.kind === next)?.url ?? '');
            setModel('');
            setTest(null);
          }}
        >
          <option value="installation">{t('answererInstallation', { name: installation })}</option>
          <option value="extractive">{t('modeExtractive')}</option>
          {current.endpoints.some((e) => e.kind === 'ollama') && <option value="ollama">Ollama</option>}
          {current.endpoints.some((e) => e.kind === 'openai') && (
            <option value="openai">{t('answererOpenai')}</option>
          )}
        </select>
      </label>
      {!current.endpoints.length && <p class="hint">{t('answererNoEndpoints')}</p>}
      {server && (
        <>
          <label>
            {t('answererEndpoint')}
            <select value={endpoint} onChange={(e) => setEndpoint(e.currentTarget.value)}>
              {endpoints.map((x) => (
                <option key={x.url} value={x.url}>
                  {x.url}
                </option>
              ))}
            </select>
          </label>
          {provider === 'openai' && (
            <label>
              {t('answererApiKey')}
              <input
                type="password"
                autoComplete="new-password"
                value={apiKey}
                onInput={(e) => setApiKey(e.currentTarget.value)}
              />
              <span class="hint">{current.hasApiKey ? t('secretStored') : t('secretWriteOnly')}</span>
            </label>
          )}
          <label>
            {t('answererModel')}
            {models?.length ? (
              <select required value={model} onChange={(e) => setModel(e.currentTarget.value)}>
                <option value="">—</option>
                {models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            ) : (
              <input required value={model} onInput={(e) => setModel(e.currentTarget.value)} />
            )}
          </label>
          {modelsError && <p class="problem">{t('answererModelsFailed', { error: modelsError })}</p>}
        </>
      )}
      <Problem text={problem} />
      {test && (
        <div
          role={test.ok ? 'status' : 'alert'}
          class={test.ok ? 'hint' : 'problem'}
          data-testid="answerer-test"
        >
          <p>
            <strong>{test.question}</strong> ({test.durationMs} ms)
          </p>
          <p>{test.ok ? test.answer : t('answererTestFailed', { error: test.error ?? '' })}</p>
        </div>
      )}
      <p class="actions">
        <button type="button" disabled={busy || (server && !model)} onClick={() => void runTest()}>
          {t('answererTest')}
        </button>
        <button type="submit" class="primary" disabled={busy || (server && !model)}>
          {t('saveAnswerer')}
        </button>
        <span role="status">{saved ? t('saved') : ''}</span>
      </p>
    </form>
  );
}
