import type { Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';

type Status = Schemas['Document']['status'];
const STATUSES: Status[] = ['UPLOADED', 'PROCESSING', 'VECTORIZED', 'ERROR'];

/** The documents list's filters and order. */
export interface Filters {
  status: Status | '';
  topicId: string;
  search: string;
  sort: 'createdAt' | 'updatedAt' | 'name' | 'status' | 'sizeBytes';
  order: 'asc' | 'desc';
}

/** Status, topic (with its id shown for the widget's data-topic-id), word search, sort, order. */
export function DocFilters(props: {
  value: Filters;
  topics: Schemas['Topic'][];
  onChange: (f: Filters) => void;
}) {
  const { t } = useI18n();
  const f = props.value;
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => props.onChange({ ...f, [k]: v });
  return (
    <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <label>
        {t('status')}
        <select value={f.status} onChange={(e) => set('status', e.currentTarget.value as Status | '')}>
          <option value="">{t('all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`docStatus_${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('topic')}
        <select value={f.topicId} onChange={(e) => set('topicId', e.currentTarget.value)}>
          <option value="">{t('all')}</option>
          <option value="none">{t('noTopic')}</option>
          {props.topics.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('search')}
        <input type="search" value={f.search} onInput={(e) => set('search', e.currentTarget.value)} />
      </label>
      <label>
        {t('sortBy')}
        <select value={f.sort} onChange={(e) => set('sort', e.currentTarget.value as Filters['sort'])}>
          <option value="createdAt">{t('created')}</option>
          <option value="name">{t('name')}</option>
          <option value="status">{t('status')}</option>
          <option value="sizeBytes">{t('size')}</option>
        </select>
      </label>
      <label>
        {t('order')}
        <select value={f.order} onChange={(e) => set('order', e.currentTarget.value as 'asc' | 'desc')}>
          <option value="desc">{t('descending')}</option>
          <option value="asc">{t('ascending')}</option>
        </select>
      </label>
    </form>
  );
}
