import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { DeleteButton, formatBytes, formatDate, Link } from '../ui.tsx';

type Doc = Schemas['Document'];
type Topic = Schemas['Topic'];
type Reply = { response: Response; error?: unknown };

/** A topic picker for one document (or none); changes go straight to PUT /api/documents/:id. */
export function TopicSelect(props: { doc: Doc; topics: Topic[]; onSaved: (res: Reply) => void }) {
  const { t } = useI18n();
  return (
    <select
      aria-label={t('topicOf', { name: props.doc.name })}
      value={props.doc.topicId ?? ''}
      onChange={async (e) => {
        const topicId = e.currentTarget.value || null;
        props.onSaved(
          await api.PUT('/api/documents/{id}', { params: { path: { id: props.doc.id } }, body: { topicId } }),
        );
      }}
    >
      <option value="">{t('noTopic')}</option>
      {props.topics.map((x) => (
        <option key={x.id} value={x.id}>
          {x.name}
        </option>
      ))}
    </select>
  );
}

/** A document's name with a "Rename" button that turns it into a field (no prompt()). */
export function NameEditor(props: {
  doc: Doc;
  canWrite: boolean;
  link?: boolean;
  onSaved: (res: Reply) => void;
}) {
  const { t } = useI18n();
  const [editing, setEditing] = useState<string | null>(null);
  const { doc } = props;
  if (editing !== null)
    return (
      <form
        class="inline-edit"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.PUT('/api/documents/{id}', {
            params: { path: { id: doc.id } },
            body: { name: editing },
          });
          props.onSaved(res);
          if (res.response.ok) setEditing(null);
        }}
      >
        <input
          aria-label={t('newNameOf', { name: doc.name })}
          required
          maxLength={255}
          value={editing}
          onInput={(e) => setEditing(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
          ref={(el) => el?.focus()}
        />
        <button type="submit" class="primary">
          {t('save')}
        </button>
        <button type="button" onClick={() => setEditing(null)}>
          {t('cancel')}
        </button>
      </form>
    );
  return (
    <span class="name-cell">
      {props.link ? <Link to={`documents/${encodeURIComponent(doc.id)}`}>{doc.name}</Link> : doc.name}
      {props.canWrite && (
        <button
          type="button"
          class="small"
          aria-label={t('renameNamed', { name: doc.name })}
          onClick={() => setEditing(doc.name)}
        >
          {t('rename')}
        </button>
      )}
    </span>
  );
}

/** One row of the documents table: selection, name, status, topic, size, date, actions. */
export function DocRow(props: {
  doc: Doc;
  topics: Topic[];
  canWrite: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onSaved: (res: Reply) => void;
  onReprocess: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t, lang } = useI18n();
  const { doc: d, canWrite } = props;
  return (
    <tr data-status={d.status} aria-selected={canWrite ? props.selected : undefined}>
      {canWrite && (
        <td data-label={t('selectRow')}>
          <input
            type="checkbox"
            aria-label={t('selectNamed', { name: d.name })}
            checked={props.selected}
            onChange={(e) => props.onSelect(e.currentTarget.checked)}
          />
        </td>
      )}
      <td data-label={t('name')}>
        <NameEditor doc={d} canWrite={canWrite} link onSaved={props.onSaved} />
      </td>
      <td data-label={t('status')}>
        <span class={`badge ${d.status.toLowerCase()}`}>{t(`docStatus_${d.status}`)}</span>
        {d.error && <div class="reason">{d.error}</div>}
      </td>
      <td data-label={t('topic')}>
        {canWrite ? (
          <TopicSelect doc={d} topics={props.topics} onSaved={props.onSaved} />
        ) : (
          (props.topics.find((x) => x.id === d.topicId)?.name ?? '—')
        )}
      </td>
      <td data-label={t('size')}>{formatBytes(d.sizeBytes)}</td>
      <td data-label={t('created')}>{formatDate(d.createdAt, lang)}</td>
      {canWrite && (
        <td data-label={t('actions')} class="actions">
          <button
            type="button"
            onClick={props.onReprocess}
            disabled={d.status === 'UPLOADED' || d.status === 'PROCESSING'}
          >
            {t('reprocess')}
          </button>
          <DeleteButton name={d.name} label={t('deleteNamed', { name: d.name })} onDelete={props.onDelete} />
        </td>
      )}
    </tr>
  );
}
