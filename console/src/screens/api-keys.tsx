import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n, type T } from '../i18n.ts';
import { CopyButton, DeleteButton, formatDate, Problem, useLoad, useProblem } from '../ui.tsx';
import { KeyScope, ScopePicker, useTopics, type Scope } from './key-scope.tsx';
import { EmbedBuilder, embedSnippet, useWidgetPin } from './embed-builder.tsx';

/**
 * The server's rule for an authorized domain (src/api-keys/domains.ts):
 * `[http://|https://][*.]host[:port]`, no path, query or user info; an IDN host may be typed in
 * Unicode (the browser's URL parser punycodes it as the server does).
 */
const ENTRY = /^(?:(https?):\/\/)?(\*\.)?([^/:?#\s*@[\]]+)(?::(\d{1,5}))?\/?$/i;

/** Whether one entry is a domain the server accepts. */
export function validDomain(entry: string): boolean {
  const m = ENTRY.exec(entry);
  if (!m || entry.length > 300) return false;
  let host: string;
  try {
    host = new URL(`http://${m[3]}`).hostname;
  } catch {
    return false;
  }
  if (!host || host.endsWith('.') || !/^[a-z0-9.-]+$/.test(host)) return false;
  const port = m[4] === undefined ? 1 : Number(m[4]);
  return port >= 1 && port <= 65535;
}

/** Domains from the editor (one per line or comma-separated), or the first invalid one. */
export function parseDomains(text: string, t: T): { domains: string[]; error: string | null } {
  const domains = text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = domains.find((d) => !validDomain(d));
  if (domains.length > 50) return { domains, error: t('tooManyDomains') };
  return { domains, error: bad ? t('invalidDomain', { domain: bad }) : null };
}

/** The simplest embedding of the widget with this key: pinned with its integrity when the widget is built. */
const EMPTY_EMBED = {
  title: '',
  topicId: '',
  lang: '',
  position: 'bottom-right',
  color: '',
  accent: '',
  logo: '',
  greeting: '',
  suggestions: '',
} as const;

function DomainsEditor({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange: (v: string) => void;
  id: string;
}) {
  const { t } = useI18n();
  const { error } = parseDomains(value, t);
  return (
    <div class="field">
      <label for={id}>{t('authorizedDomains')}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        aria-describedby={`${id}-help ${id}-error`}
        aria-invalid={!!error}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
      <small id={`${id}-help`}>{t('domainsHelp')}</small>
      <span id={`${id}-error`} class="field-error" role="status">
        {error}
      </span>
    </div>
  );
}

/** A "HTTPS only" checkbox with its explanation. */
function HttpsToggle(props: { id: string; checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useI18n();
  return (
    <div class="field">
      <label class="check" for={props.id}>
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          aria-describedby={`${props.id}-help`}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />{' '}
        {t('requireHttps')}
      </label>
      <small id={`${props.id}-help`}>{t('requireHttpsHelp')}</small>
    </div>
  );
}

type Key = Schemas['ApiKey'];
interface Editing {
  id: string;
  text: string;
  requireHttps: boolean;
}

/** The row editor of one key: its domains and whether it requires HTTPS origins. */
function KeyEditor(props: {
  editing: Editing;
  onChange: (e: Editing) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { editing } = props;
  return (
    <form
      class="key-editor"
      aria-label={t('editKey')}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      <DomainsEditor
        id={`domains-${editing.id}`}
        value={editing.text}
        onChange={(text) => props.onChange({ ...editing, text })}
      />
      <HttpsToggle
        id={`https-${editing.id}`}
        checked={editing.requireHttps}
        onChange={(requireHttps) => props.onChange({ ...editing, requireHttps })}
      />
      <button type="submit" class="primary">
        {t('save')}
      </button>{' '}
      <button type="button" onClick={props.onCancel}>
        {t('cancel')}
      </button>
    </form>
  );
}

export function ApiKeys() {
  const { t, lang } = useI18n();
  const { problem, report, setProblem } = useProblem();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<'live' | 'test'>('live');
  const [domains, setDomains] = useState('');
  const [requireHttps, setRequireHttps] = useState(false);
  const [scope, setScope] = useState<Scope>({ allDocuments: false, topicIds: [] });
  const topics = useTopics();
  const [created, setCreated] = useState<({ id: string; key: string; name: string } & Scope) | null>(null);
  const pin = useWidgetPin();
  const snippet = (key: string) => embedSnippet(key, EMPTY_EMBED, pin);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useLoad(async () => {
    const res = await api.GET('/api/api-keys');
    report(res);
    return res.data?.data.items ?? [];
  }, []);

  const generate = async (e: Event) => {
    e.preventDefault();
    const parsed = parseDomains(domains, t);
    if (parsed.error) return setProblem(parsed.error);
    // The server refuses a key without a scope too (400 naming topicIds and allDocuments).
    if (!scope.allDocuments && scope.topicIds.length === 0) return setProblem(t('keyNeedsScope'));
    const res = await api.POST('/api/api-keys', {
      body: { name: name.trim(), environment, authorizedDomains: parsed.domains, requireHttps, ...scope },
    });
    report(res);
    if (res.data) {
      const { id, key, name: keyName, allDocuments, topicIds } = res.data.data;
      setCreated({ id, key, name: keyName, allDocuments, topicIds });
      setName('');
      setDomains('');
      setRequireHttps(false);
      setScope({ allDocuments: false, topicIds: [] });
      list.reload();
    }
  };

  /** PUT /api/api-keys/:id with the edited domains and HTTPS rule; the server validates again. */
  const save = async (edit: Editing) => {
    const parsed = parseDomains(edit.text, t);
    if (parsed.error) return setProblem(parsed.error);
    const res = await api.PUT('/api/api-keys/{id}', {
      params: { path: { id: edit.id } },
      body: { authorizedDomains: parsed.domains, requireHttps: edit.requireHttps },
    });
    report(res);
    if (res.data) setEditing(null);
    list.reload();
  };

  const startEditing = (k: Key) =>
    setEditing({ id: k.id, text: k.authorizedDomains.join('\n'), requireHttps: k.requireHttps });

  return (
    <section>
      <form class="card" onSubmit={generate} aria-labelledby="new-key">
        <h2 id="new-key">{t('generateKey')}</h2>
        <label>
          {t('name')}
          <input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          {t('environment')}
          <select
            value={environment}
            onChange={(e) => setEnvironment(e.currentTarget.value as 'live' | 'test')}
          >
            <option value="live">live</option>
            <option value="test">test</option>
          </select>
        </label>
        <DomainsEditor id="new-domains" value={domains} onChange={setDomains} />
        <HttpsToggle id="new-https" checked={requireHttps} onChange={setRequireHttps} />
        <ScopePicker id="new-scope" value={scope} topics={topics.data ?? []} onChange={setScope} />
        <button type="submit" class="primary">
          {t('generateKey')}
        </button>
      </form>
      {created && (
        <div class="card secret" role="region" aria-label={created.name}>
          <p>
            <strong>{t('keyShownOnce')}</strong>
          </p>
          <p>
            <code data-testid="new-key">{created.key}</code> <CopyButton text={created.key} />
          </p>
          <p>{t('embedSnippet')}</p>
          <pre>
            <code>{snippet(created.key)}</code>
          </pre>
          <CopyButton text={snippet(created.key)} />
        </div>
      )}
      <Problem text={problem} />
      {list.data && !list.data.length && <p class="hint">{t('noKeys')}</p>}
      <table tabIndex={0} class="grid cards" hidden={!list.data?.length}>
        <caption class="visually-hidden">{t('apiKeys')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('key')}</th>
            <th scope="col">{t('environment')}</th>
            <th scope="col">{t('authorizedDomains')}</th>
            <th scope="col">{t('keyScope')}</th>
            <th scope="col">{t('created')}</th>
            <th scope="col">{t('lastUsed')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.map((k) => (
            <tr key={k.id} data-key-id={k.id}>
              <td data-label={t('name')}>{k.name}</td>
              <td data-label={t('key')}>
                <code>
                  {k.keyPrefix}…{k.keyLast4 ?? ''}
                </code>
              </td>
              <td data-label={t('environment')}>{t(`env_${k.environment}`)}</td>
              <td data-label={t('authorizedDomains')}>
                {editing?.id === k.id ? (
                  <KeyEditor
                    editing={editing}
                    onChange={setEditing}
                    onSave={() => void save(editing)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    {k.anyOrigin ? (
                      <span class="badge warn">{t('anyOrigin')}</span>
                    ) : (
                      <span class="domains">{k.authorizedDomains.join(', ')}</span>
                    )}
                    {k.requireHttps && <span class="badge">{t('httpsOnly')}</span>}
                  </>
                )}
              </td>
              <td data-label={t('keyScope')}>
                <KeyScope apiKey={k} topics={topics.data ?? []} onSaved={list.reload} />
              </td>
              <td data-label={t('created')}>{formatDate(k.createdAt, lang)}</td>
              <td data-label={t('lastUsed')}>{k.lastUsedAt ? formatDate(k.lastUsedAt, lang) : t('never')}</td>
              <td data-label={t('actions')} class="actions">
                <button
                  type="button"
                  onClick={() => startEditing(k)}
                  aria-label={t('editKeyNamed', { name: k.name })}
                >
                  {t('edit')}
                </button>
                <DeleteButton
                  name={k.name}
                  label={t('deleteNamed', { name: k.name })}
                  onDelete={async () => {
                    report(await api.DELETE('/api/api-keys/{id}', { params: { path: { id: k.id } } }));
                    list.reload();
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <EmbedBuilder created={created} keys={list.data ?? []} topics={topics.data ?? []} />
    </section>
  );
}
