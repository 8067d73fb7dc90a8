import { useState } from 'preact/hooks';
import { api, authedFetch, type Schemas } from '../api.ts';
import { useI18n, type T } from '../i18n.ts';
import { formatDate, Problem, useLoad, useProblem } from '../ui.tsx';

/** The server's rule for an authorized domain: an exact host or `*.host`, no scheme, port or path. */
const DOMAIN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Domains from the editor (one per line or comma-separated), or the first invalid one. */
export function parseDomains(text: string, t: T): { domains: string[]; error: string | null } {
  const domains = text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = domains.find((d) => d.length > 253 || !DOMAIN.test(d));
  return { domains, error: bad ? t('invalidDomain', { domain: bad }) : null };
}

/** How a site embeds the website widget with this key (served by this server at /widget.js). */
const snippet = (key: string) =>
  `<script src="${location.origin}/widget.js" data-api-key="${key}" async></script>`;

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

function CopyButton({ text }: { text: string }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        )
      }
    >
      {done ? t('copied') : t('copy')}
    </button>
  );
}

export function ApiKeys() {
  const { t, lang } = useI18n();
  const { problem, report, setProblem } = useProblem();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<'live' | 'test'>('live');
  const [domains, setDomains] = useState('');
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const list = useLoad(async () => {
    const res = await api.GET('/api/api-keys');
    report(res);
    return res.data?.data.items ?? [];
  }, []);

  const generate = async (e: Event) => {
    e.preventDefault();
    const parsed = parseDomains(domains, t);
    if (parsed.error) return setProblem(parsed.error);
    const res = await api.POST('/api/api-keys', {
      body: { name: name.trim(), environment, authorizedDomains: parsed.domains },
    });
    report(res);
    if (res.data) {
      setCreated({ key: res.data.data.key, name: res.data.data.name });
      setName('');
      setDomains('');
      list.reload();
    }
  };

  /**
   * PUT /api/api-keys/:id comes with the widget work; until this server has it (404/405), say so
   * rather than fail. Untyped on purpose: the generated types gain it when that route lands.
   */
  const saveDomains = async (key: Schemas['ApiKey'], text: string) => {
    const parsed = parseDomains(text, t);
    if (parsed.error) return setProblem(parsed.error);
    const res = await authedFetch(
      new Request(`/api/api-keys/${encodeURIComponent(key.id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authorizedDomains: parsed.domains }),
      }),
    );
    if (res.status === 404 || res.status === 405) return setProblem(t('domainsUnsupported'));
    report({ response: res, error: res.ok ? undefined : await res.json().catch(() => undefined) });
    if (res.ok) setEditing(null);
    list.reload();
  };

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
      <table class="grid">
        <caption class="visually-hidden">{t('apiKeys')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('environment')}</th>
            <th scope="col">{t('authorizedDomains')}</th>
            <th scope="col">{t('lastUsed')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.map((k) => (
            <tr key={k.id}>
              <td>
                {k.name} <code>{k.keyPrefix}…</code>
              </td>
              <td>{k.environment}</td>
              <td>
                {editing?.id === k.id ? (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      void saveDomains(k, editing.text);
                    }}
                  >
                    <DomainsEditor
                      id={`domains-${k.id}`}
                      value={editing.text}
                      onChange={(text) => setEditing({ id: k.id, text })}
                    />
                    <button type="submit">{t('save')}</button>
                    <button type="button" onClick={() => setEditing(null)}>
                      {t('cancel')}
                    </button>
                  </form>
                ) : (
                  k.authorizedDomains.join(', ') || '*'
                )}
              </td>
              <td>{k.lastUsedAt ? formatDate(k.lastUsedAt, lang) : t('never')}</td>
              <td class="actions">
                <button
                  type="button"
                  onClick={() => setEditing({ id: k.id, text: k.authorizedDomains.join('\n') })}
                >
                  {t('editDomains')}
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    if (!confirm(t('confirmDelete', { name: k.name }))) return;
                    report(await api.DELETE('/api/api-keys/{id}', { params: { path: { id: k.id } } }));
                    list.reload();
                  }}
                >
                  {t('delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
