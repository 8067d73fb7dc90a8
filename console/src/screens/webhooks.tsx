import { useState } from 'preact/hooks';
import { api, type paths } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { DeleteButton, formatDate, Problem, useLoad, useProblem } from '../ui.tsx';

type EventName =
  paths['/api/webhooks']['post']['requestBody']['content']['application/json']['events'][number];
const EVENTS: EventName[] = [
  'document.uploaded',
  'document.vectorized',
  'document.error',
  'conversation.created',
];

function Deliveries({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const list = useLoad(
    async () =>
      (await api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 20 } } }))
        .data?.data.items ?? [],
    [id],
  );
  if (!list.data?.length) return <p>{t('nothingYet')}</p>;
  return (
    <table tabIndex={0} class="grid">
      <caption>{t('deliveries')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('events')}</th>
          <th scope="col">{t('status')}</th>
          <th scope="col">{t('attempts')}</th>
          <th scope="col">HTTP</th>
          <th scope="col">{t('created')}</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((d) => (
          <tr key={d.id}>
            <td>{d.event}</td>
            <td>
              {d.status} {d.lastError}
            </td>
            <td>{d.attempts}</td>
            <td>{d.lastStatusCode ?? '—'}</td>
            <td>{formatDate(d.createdAt, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Webhooks() {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventName[]>(['document.vectorized', 'document.error']);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const list = useLoad(async () => {
    const res = await api.GET('/api/webhooks', { params: { query: { limit: 100 } } });
    report(res);
    return res.data?.data.items ?? [];
  }, []);
  return (
    <section>
      <form
        class="card"
        aria-labelledby="add-webhook"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.POST('/api/webhooks', { body: { url, events } });
          report(res);
          if (res.data) {
            setSecret(res.data.data.secret);
            setUrl('');
            list.reload();
          }
        }}
      >
        <h2 id="add-webhook">{t('addWebhook')}</h2>
        <label>
          {t('url')}
          <input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>{t('events')}</legend>
          {EVENTS.map((ev) => (
            <label key={ev} class="check">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents(e.currentTarget.checked ? [...events, ev] : events.filter((x) => x !== ev))
                }
              />{' '}
              {ev}
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary">
          {t('addWebhook')}
        </button>
      </form>
      {secret && (
        <p class="card secret">
          {t('signingSecret')}: <code>{secret}</code>
        </p>
      )}
      <Problem text={problem} />
      <ul class="plain">
        {list.data?.map((w) => (
          <li key={w.id} class="card">
            <p>
              <strong>{w.url}</strong> — {w.events.join(', ')}{' '}
              {w.active ? '' : `(${t('disabled')}: ${w.disabledReason ?? ''})`}
            </p>
            <p class="actions">
              <button
                type="button"
                onClick={async () => (
                  report(await api.POST('/api/webhooks/{id}/test', { params: { path: { id: w.id } } })),
                  setOpen(w.id)
                )}
              >
                {t('sendTest')}
              </button>
              <button
                type="button"
                aria-expanded={open === w.id}
                onClick={() => setOpen(open === w.id ? null : w.id)}
              >
                {t('deliveries')}
              </button>
              <DeleteButton
                name={w.url}
                onDelete={async () => {
                  report(await api.DELETE('/api/webhooks/{id}', { params: { path: { id: w.id } } }));
                  list.reload();
                }}
              />
            </p>
            {open === w.id && <Deliveries id={w.id} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
