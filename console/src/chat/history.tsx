import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { formatDate } from '../ui.tsx';

type Conversation = Schemas['Conversation'];

/**
 * The conversations, newest first, each with its date; a search over titles; rename in place and
 * delete with a confirmation in place (no prompt() or confirm()).
 */
export function History(props: {
  items: Conversation[];
  current: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
  onChanged: (deleted?: string) => void;
  report: (res: { response: Response; error?: unknown }) => void;
}) {
  const { t, lang } = useI18n();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = props.items.filter((c) => words.every((w) => c.title.toLowerCase().includes(w)));
  return (
    <nav aria-label={t('conversations')} class="history">
      <button type="button" onClick={props.onNew}>
        {t('newConversation')}
      </button>
      <label>
        {t('searchConversations')}
        <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
      </label>
      <ul>
        {shown.map((c) => (
          <li key={c.id}>
            {editing?.id === c.id ? (
              <form
                class="inline-edit"
                onSubmit={async (e) => {
                  e.preventDefault();
                  const res = await api.PUT('/api/conversations/{id}', {
                    params: { path: { id: c.id } },
                    body: { title: editing.title },
                  });
                  props.report(res);
                  if (res.response.ok) {
                    setEditing(null);
                    props.onChanged();
                  }
                }}
              >
                <input
                  aria-label={t('newTitleOf', { name: c.title })}
                  required
                  maxLength={200}
                  value={editing.title}
                  onInput={(e) => setEditing({ id: c.id, title: e.currentTarget.value })}
                />
                <button type="submit">{t('save')}</button>
                <button type="button" onClick={() => setEditing(null)}>
                  {t('cancel')}
                </button>
              </form>
            ) : (
              <>
                <button
                  type="button"
                  class="open"
                  aria-current={c.id === props.current ? 'true' : undefined}
                  onClick={() => props.onOpen(c.id)}
                >
                  <span class="title">{c.title}</span>
                  <small>{formatDate(c.updatedAt, lang)}</small>
                </button>
                <span class="row-actions">
                  <button
                    type="button"
                    class="small"
                    aria-label={t('renameNamed', { name: c.title })}
                    onClick={() => setEditing({ id: c.id, title: c.title })}
                  >
                    {t('rename')}
                  </button>
                  {deleting === c.id ? (
                    <>
                      <button
                        type="button"
                        class="small danger"
                        onClick={async () => {
                          const res = await api.DELETE('/api/conversations/{id}', {
                            params: { path: { id: c.id } },
                          });
                          props.report(res);
                          setDeleting(null);
                          props.onChanged(c.id);
                        }}
                      >
                        {t('confirmDeleteYes')}
                      </button>
                      <button type="button" class="small" onClick={() => setDeleting(null)}>
                        {t('cancel')}
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      class="small danger"
                      aria-label={t('deleteNamed', { name: c.title })}
                      onClick={() => setDeleting(c.id)}
                    >
                      {t('delete')}
                    </button>
                  )}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
