import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { DeleteButton, Problem, useLoad, useProblem } from '../ui.tsx';

/** Groups of users (admin): topics are granted to groups in the topic access editor. */
export function Groups() {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; memberIds: string[] } | null>(null);
  const groups = useLoad(async () => {
    const res = await api.GET('/api/groups');
    report(res);
    return res.data?.data.items ?? [];
  }, []);
  const users = useLoad(async () => {
    const res = await api.GET('/api/users', {
      params: { query: { limit: 100, sort: 'name', order: 'asc' } },
    });
    return res.data?.data.items ?? [];
  }, []);
  const save = async (id: string, memberIds: string[]) => {
    const res = await api.PUT('/api/groups/{id}', { params: { path: { id } }, body: { memberIds } });
    report(res);
    if (res.data) setEditing(null);
    groups.reload();
  };
  const row = (g: Schemas['Group']) => (
    <tr key={g.id}>
      <td>{g.name}</td>
      <td>
        {editing?.id === g.id ? (
          <fieldset>
            <legend class="visually-hidden">{t('members')}</legend>
            {users.data?.map((u) => (
              <label class="check" key={u.id}>
                <input
                  type="checkbox"
                  checked={editing.memberIds.includes(u.id)}
                  onChange={(e) =>
                    setEditing({
                      id: g.id,
                      memberIds: e.currentTarget.checked
                        ? [...editing.memberIds, u.id]
                        : editing.memberIds.filter((x) => x !== u.id),
                    })
                  }
                />{' '}
                {u.name} ({u.email})
              </label>
            ))}
            <button type="button" class="primary" onClick={() => void save(g.id, editing.memberIds)}>
              {t('save')}
            </button>
          </fieldset>
        ) : (
          g.members.map((m) => m.name).join(', ') || t('nothingYet')
        )}
      </td>
      <td>
        {g.grants
          .map((x) => `${x.topicName} (${t(x.access === 'edit' ? 'accessEdit' : 'accessRead')})`)
          .join(', ') || t('nothingYet')}
      </td>
      <td class="actions">
        <button type="button" onClick={() => setEditing({ id: g.id, memberIds: g.members.map((m) => m.id) })}>
          {t('editMembers')}
        </button>
        <DeleteButton
          name={g.name}
          onDelete={async () => {
            report(await api.DELETE('/api/groups/{id}', { params: { path: { id: g.id } } }));
            groups.reload();
          }}
        />
      </td>
    </tr>
  );
  return (
    <section>
      <form
        class="inline"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.POST('/api/groups', { body: { name: name.trim() } });
          report(res);
          if (res.data) setName('');
          groups.reload();
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
      <p class="hint">{t('groupsHint')}</p>
      <Problem text={problem} />
      <table tabIndex={0} class="grid">
        <caption class="visually-hidden">{t('groups')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('members')}</th>
            <th scope="col">{t('topics')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>{groups.data?.map(row)}</tbody>
      </table>
    </section>
  );
}
