import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { DeleteButton, Problem, useLoad, useProblem } from '../ui.tsx';
import { TopicAccessEditor } from './topic-access.tsx';

export function Topics() {
  const { t } = useI18n();
  const { canWrite, isAdmin } = useSession();
  const [accessOf, setAccessOf] = useState<string | null>(null);
  const { problem, report } = useProblem();
  const [name, setName] = useState('');
  const list = useLoad(async () => {
    const res = await api.GET('/api/topics', {
      params: { query: { limit: 100, sort: 'name', order: 'asc' } },
    });
    report(res);
    return res.data?.data.items ?? [];
  }, []);
  const rename = async (topic: Schemas['Topic']) => {
    const next = prompt(t('rename'), topic.name)?.trim();
    if (!next || next === topic.name) return;
    report(await api.PUT('/api/topics/{id}', { params: { path: { id: topic.id } }, body: { name: next } }));
    list.reload();
  };
  return (
    <section>
      {canWrite && (
        <form
          class="inline"
          onSubmit={async (e) => {
            e.preventDefault();
            const res = await api.POST('/api/topics', { body: { name: name.trim() } });
            report(res);
            if (res.data) setName('');
            list.reload();
          }}
        >
          <label>
            {t('name')}
            <input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary">
            {t('create')}
          </button>
        </form>
      )}
      <Problem text={problem} />
      {accessOf && <TopicAccessEditor topicId={accessOf} onClose={() => setAccessOf(null)} />}
      <table tabIndex={0} class="grid cards">
        <caption class="visually-hidden">{t('topics')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('topicId')}</th>
            <th scope="col">{t('documents')}</th>
            {canWrite && <th scope="col">{t('actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {list.data?.map((topic) => (
            <tr key={topic.id}>
              <td data-label={t('name')}>{topic.name}</td>
              <td data-label={t('topicId')}>
                <code>{topic.id}</code>
              </td>
              <td data-label={t('documents')}>{topic.documentCount}</td>
              {canWrite && (
                <td data-label={t('actions')} class="actions">
                  <button type="button" onClick={() => void rename(topic)}>
                    {t('rename')}
                  </button>
                  {isAdmin && (
                    <button type="button" onClick={() => setAccessOf(topic.id)}>
                      {t('access')}
                    </button>
                  )}
                  <DeleteButton
                    name={topic.name}
                    onDelete={async () => {
                      report(await api.DELETE('/api/topics/{id}', { params: { path: { id: topic.id } } }));
                      list.reload();
                    }}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
