import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useLoad } from '../ui.tsx';

type Topic = Schemas['Topic'];
/**
 * What a key answers from: every document (explicit, flagged) or the chosen topics; and whether
 * its visitors may open those documents' original files (signed links, docs/widget.md).
 */
export interface Scope {
  allDocuments: boolean;
  topicIds: string[];
  allowOriginals?: boolean;
}

/** A listed key's `allowOriginals` (typed loosely: keys listed by an older server lack it). */
const originalsOf = (k: Schemas['ApiKey']) => (k as { allowOriginals?: boolean }).allowOriginals === true;

/** The company's topics, for the pickers (an admin sees them all). */
export function useTopics() {
  return useLoad(async () => {
    const res = await api.GET('/api/topics', {
      params: { query: { limit: 100, sort: 'name', order: 'asc' } },
    });
    return res.data?.data.items ?? [];
  }, []);
}

/** Checkboxes: "all documents" (a warning, like any-origin) or a set of topics. */
export function ScopePicker(props: {
  id: string;
  value: Scope;
  topics: Topic[];
  onChange: (s: Scope) => void;
}) {
  const { t } = useI18n();
  const { value } = props;
  const toggle = (id: string, on: boolean) =>
    props.onChange({
      ...value,
      topicIds: on ? [...value.topicIds, id] : value.topicIds.filter((x) => x !== id),
    });
  return (
    <fieldset class="scope" id={props.id}>
      <legend>{t('keyScope')}</legend>
      <label class="check">
        <input
          type="checkbox"
          checked={value.allDocuments}
          onChange={(e) => props.onChange({ ...value, allDocuments: e.currentTarget.checked })}
        />{' '}
        {t('allDocuments')}
      </label>
      {!value.allDocuments &&
        props.topics.map((topic) => (
          <label class="check" key={topic.id}>
            <input
              type="checkbox"
              checked={value.topicIds.includes(topic.id)}
              onChange={(e) => toggle(topic.id, e.currentTarget.checked)}
            />{' '}
            {topic.name}
          </label>
        ))}
      <p class="hint">{value.allDocuments ? t('allDocumentsWarning') : t('keyScopeHint')}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={value.allowOriginals === true}
          onChange={(e) => props.onChange({ ...value, allowOriginals: e.currentTarget.checked })}
        />{' '}
        {t('allowOriginals')}
      </label>
      <p class="hint">{t('allowOriginalsHint')}</p>
    </fieldset>
  );
}

/** A listed key's scope, its editor, and its visitor-token secret (shown once). */
export function KeyScope(props: { apiKey: Schemas['ApiKey']; topics: Topic[]; onSaved: () => void }) {
  const { t } = useI18n();
  const k = props.apiKey;
  const [editing, setEditing] = useState<Scope | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const names = props.topics.filter((x) => k.topicIds.includes(x.id)).map((x) => x.name);
  const save = async () => {
    const res = await api.PUT('/api/api-keys/{id}', { params: { path: { id: k.id } }, body: editing! });
    if (res.data) {
      setEditing(null);
      props.onSaved();
    }
  };
  const rotate = async () => {
    const res = await api.POST('/api/api-keys/{id}/visitor-secret', { params: { path: { id: k.id } } });
    if (res.data) setSecret(res.data.data.visitorSecret);
    props.onSaved();
  };
  if (editing)
    return (
      <div>
        <ScopePicker id={`scope-${k.id}`} value={editing} topics={props.topics} onChange={setEditing} />
        <button type="button" class="primary" onClick={() => void save()}>
          {t('save')}
        </button>{' '}
        <button type="button" onClick={() => setEditing(null)}>
          {t('cancel')}
        </button>
      </div>
    );
  return (
    <div>
      {k.allDocuments ? (
        <span class="badge warn">{t('allDocuments')}</span>
      ) : names.length ? (
        <span>{names.join(', ')}</span>
      ) : (
        <span class="badge warn">{t('keyReadsNothing')}</span>
      )}{' '}
      {k.visitorTokens !== 'none' && <span class="badge">{t('signedVisitors')}</span>}{' '}
      {originalsOf(k) && <span class="badge">{t('originalsBadge')}</span>}{' '}
      <button
        type="button"
        onClick={() =>
          setEditing({ allDocuments: k.allDocuments, topicIds: k.topicIds, allowOriginals: originalsOf(k) })
        }
      >
        {t('editScope')}
      </button>{' '}
      <button type="button" onClick={() => void rotate()}>
        {k.visitorTokens === 'hs256' ? t('rotateVisitorSecret') : t('visitorSecret')}
      </button>
      {secret && (
        <div class="card secret" role="region" aria-label={t('visitorSecret')}>
          <p>
            <strong>{t('keyShownOnce')}</strong> <code>{secret}</code>
          </p>
          <p>{t('visitorInstructions', { id: k.id })}</p>
        </div>
      )}
    </div>
  );
}
