import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n, type Key } from '../i18n.ts';
import { Problem, useLoad, useProblem } from '../ui.tsx';
import { configOf, initialFields, KINDS, type Fields } from './fields.ts';

type Connector = Schemas['Connector'];
interface TestResult {
  ok: boolean;
  items: { name: string; sourceUrl: string; size: number | null }[];
  more: boolean;
  warnings: string[];
  error: string | null;
  durationMs: number;
}

/**
 * Creates or edits a connector (docs/connectors.md): the fields of the chosen kind, the topic, a
 * schedule, limits and a write-only secret; "Test connection" lists the first items through
 * POST /api/connectors/test before anything is saved. The API's 400 names the field.
 */
export function ConnectorForm(props: { connector: Connector | null; onDone: (saved: boolean) => void }) {
  const { t } = useI18n();
  const editing = props.connector;
  const { problem, report } = useProblem();
  const [f, setF] = useState(() => initialFields(editing));
  const [test, setTest] = useState<TestResult | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const topics = useLoad(
    async () => (await api.GET('/api/topics', { params: { query: { limit: 100 } } })).data?.data.items ?? [],
    [],
  );
  const update = (change: Partial<Fields>) => {
    setF({ ...f, ...change });
    setTest(null);
  };
  const text = (
    k: keyof Fields,
    label: Key,
    opts: { required?: boolean; type?: 'text' | 'url' | 'number' } = {},
  ) => (
    <label>
      {t(label)}
      <input
        type={(opts.type ?? 'text') as 'text'}
        required={opts.required}
        value={f[k] as string}
        onInput={(e) => update({ [k]: e.currentTarget.value })}
        spellcheck={false}
      />
    </label>
  );
  const area = (k: keyof Fields, label: Key) => (
    <label>
      {t(label)}
      <textarea
        rows={3}
        value={f[k] as string}
        onInput={(e) => update({ [k]: e.currentTarget.value })}
        spellcheck={false}
      />
    </label>
  );
  const check = (k: keyof Fields, label: Key) => (
    <label class="inline">
      <input
        type="checkbox"
        checked={f[k] as boolean}
        onChange={(e) => update({ [k]: e.currentTarget.checked })}
      />{' '}
      {t(label)}
    </label>
  );
  const secretBody = f.secret ? { secret: f.secret } : {};

  const runTest = async () => {
    setBusy('test');
    const res = await api.POST('/api/connectors/test', {
      body: {
        kind: f.kind,
        config: configOf(f) as never,
        ...secretBody,
        ...(editing ? { connectorId: editing.id } : {}),
      },
    });
    setBusy(null);
    report(res);
    setTest(res.data?.data ?? null);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy('save');
    const common = {
      name: f.name.trim(),
      topicId: f.topicId || null,
      config: configOf(f) as never,
      intervalMinutes: f.scheduled && f.interval ? Number(f.interval) : null,
      limits: {
        maxItems: Number(f.maxItems),
        maxBytes: Number(f.maxMb) * 1024 ** 2,
        maxDepth: Number(f.maxDepth),
      },
      ...secretBody,
    };
    const res = editing
      ? await api.PATCH('/api/connectors/{id}', {
          params: { path: { id: editing.id } },
          body: { ...common, enabled: f.enabled },
        })
      : await api.POST('/api/connectors', { body: { ...common, kind: f.kind } });
    setBusy(null);
    report(res);
    if (res.data) props.onDone(true);
  };

  const title = editing ? t('editConnector', { name: editing.name }) : t('addConnector');
  return (
    <form class="card connector-form" aria-label={title} onSubmit={(e) => void save(e)}>
      <h2>{title}</h2>
      <label>
        {t('name')}
        <input
          required
          maxLength={255}
          value={f.name}
          onInput={(e) => update({ name: e.currentTarget.value })}
        />
      </label>
      <label>
        {t('kind')}
        <select
          value={f.kind}
          disabled={Boolean(editing)}
          onChange={(e) => update({ kind: e.currentTarget.value as Fields['kind'] })}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind_${k}`)}
            </option>
          ))}
        </select>
      </label>
      {f.kind === 'folder' && (
        <>
          {text('path', 'folderPath', { required: true })}
          {area('include', 'globsInclude')}
          {area('exclude', 'globsExclude')}
        </>
      )}
      {f.kind === 'web' && (
        <>
          {area('startUrls', 'startUrls')}
          {text('sitemapUrl', 'sitemapUrl', { type: 'url' })}
        </>
      )}
      {f.kind === 's3' && (
        <>
          {text('bucket', 's3Bucket', { required: true })}
          {text('endpoint', 's3Endpoint', { type: 'url' })}
          {text('region', 's3Region')}
          {text('prefix', 's3Prefix')}
          {text('accessKeyId', 's3AccessKeyId')}
          {check('forcePathStyle', 's3PathStyle')}
        </>
      )}
      {f.kind === 'imap' && (
        <>
          {text('host', 'imapHost', { required: true })}
          {text('port', 'imapPort', { type: 'number' })}
          {check('tls', 'imapTls')}
          {text('username', 'imapUser', { required: true })}
          {text('mailbox', 'imapMailbox')}
        </>
      )}
      {f.kind === 'webdav' && (
        <>
          {text('url', 'webdavUrl', { required: true, type: 'url' })}
          {text('username', 'imapUser')}
        </>
      )}
      {f.kind !== 'folder' && f.kind !== 'web' && (
        <label>
          {t('secretLabel')}
          <input
            type="password"
            autoComplete="new-password"
            value={f.secret}
            onInput={(e) => update({ secret: e.currentTarget.value })}
          />
          <span class="hint">{editing?.hasSecret ? t('secretStored') : t('secretWriteOnly')}</span>
        </label>
      )}
      <label>
        {t('topicForDocs')}
        <select value={f.topicId} onChange={(e) => update({ topicId: e.currentTarget.value })}>
          <option value="">{t('noTopic')}</option>
          {topics.data?.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('schedule')}</legend>
        <label class="inline">
          <input
            type="radio"
            name="schedule"
            checked={!f.scheduled}
            onChange={() => update({ scheduled: false })}
          />{' '}
          {t('scheduleManual')}
        </label>
        <label class="inline">
          <input
            type="radio"
            name="schedule"
            checked={f.scheduled}
            onChange={() => update({ scheduled: true })}
          />{' '}
          {t('scheduleEvery')}
        </label>
        {f.scheduled && text('interval', 'intervalMinutes', { required: true, type: 'number' })}
      </fieldset>
      <details>
        <summary>{t('limits')}</summary>
        {text('maxItems', 'maxItems', { type: 'number' })}
        {text('maxMb', 'maxMb', { type: 'number' })}
        {text('maxDepth', 'maxDepth', { type: 'number' })}
      </details>
      {editing && check('enabled', 'connectorEnabled')}
      <Problem text={problem} />
      {test && <TestOutcome result={test} />}
      <p class="actions">
        <button type="button" disabled={busy !== null} onClick={() => void runTest()}>
          {busy === 'test' ? t('testing') : t('testConnection')}
        </button>
        <button type="submit" class="primary" disabled={busy !== null}>
          {t('saveConnector')}
        </button>
        <button type="button" onClick={() => props.onDone(false)}>
          {t('cancel')}
        </button>
      </p>
    </form>
  );
}

/** What "Test connection" found: the first items, or why the source cannot be listed. */
function TestOutcome({ result }: { result: TestResult }) {
  const { t } = useI18n();
  if (!result.ok)
    return (
      <p role="alert" class="problem" data-testid="connector-test">
        {t('testFailed', { error: result.error ?? '' })}
      </p>
    );
  return (
    <div role="status" class="hint" data-testid="connector-test">
      <p>{t(result.items.length ? 'testOk' : 'testOkEmpty', { ms: result.durationMs })}</p>
      <ul>
        {result.items.map((i) => (
          <li key={i.sourceUrl}>{i.name}</li>
        ))}
      </ul>
      {result.more && <p>{t('testMore')}</p>}
      {result.warnings.map((w) => (
        <p key={w}>{w}</p>
      ))}
    </div>
  );
}
