import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useLoad } from '../ui.tsx';

type Access = Schemas['TopicAccess']['allMembers'];
const LEVELS: Access[] = ['none', 'read', 'edit'];
const LABEL = { none: 'accessNone', read: 'accessRead', edit: 'accessEdit' } as const;

/** Who may read and edit one topic (admin): the "all members" level and each group's grant. */
export function TopicAccessEditor(props: { topicId: string; onClose: () => void }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<{ allMembers: Access; grants: Record<string, Access> } | null>(null);
  const data = useLoad(async () => {
    const [access, groups] = await Promise.all([
      api.GET('/api/topics/{id}/access', { params: { path: { id: props.topicId } } }),
      api.GET('/api/groups'),
    ]);
    const current = access.data?.data;
    if (current)
      setDraft({
        allMembers: current.allMembers,
        grants: Object.fromEntries(current.groups.map((g) => [g.groupId, g.access as Access])),
      });
    return groups.data?.data.items ?? [];
  }, [props.topicId]);
  if (!draft) return <p class="loading">{t('loading')}</p>;
  const save = async () => {
    const groups = Object.entries(draft.grants)
      .filter(([, a]) => a !== 'none')
      .map(([groupId, access]) => ({ groupId, access: access as 'read' | 'edit' }));
    const res = await api.PUT('/api/topics/{id}/access', {
      params: { path: { id: props.topicId } },
      body: { allMembers: draft.allMembers, groups },
    });
    if (res.data) props.onClose();
  };
  const select = (value: Access, onChange: (a: Access) => void, label: string) => (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value as Access)}>
      {LEVELS.map((l) => (
        <option key={l} value={l}>
          {t(LABEL[l])}
        </option>
      ))}
    </select>
  );
  return (
    <form
      class="card"
      aria-label={t('topicAccess')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        {t('allMembers')}{' '}
        {select(draft.allMembers, (allMembers) => setDraft({ ...draft, allMembers }), t('allMembers'))}
      </label>
      {data.data?.map((g) => (
        <label key={g.id}>
          {g.name}{' '}
          {select(
            draft.grants[g.id] ?? 'none',
            (a) => setDraft({ ...draft, grants: { ...draft.grants, [g.id]: a } }),
            g.name,
          )}
        </label>
      ))}
      <p class="hint">{t('topicAccessHint')}</p>
      <button type="submit" class="primary">
        {t('save')}
      </button>{' '}
      <button type="button" onClick={props.onClose}>
        {t('cancel')}
      </button>
    </form>
  );
}
