import { useEffect, useState } from 'preact/hooks';
import { api, authHeader, refreshSession, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { DeleteButton, formatBytes, formatDate, Link, Pager, Problem, useLoad, useProblem } from '../ui.tsx';

type Doc = Schemas['Document'];
type Status = Doc['status'];
type Sort = 'createdAt' | 'updatedAt' | 'name' | 'status' | 'sizeBytes';
interface Upload {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

const STATUSES: Status[] = ['UPLOADED', 'PROCESSING', 'VECTORIZED', 'ERROR'];

/**
 * One multipart upload with progress events (fetch has none for request bodies), retried once
 * after a silent refresh when the access token expired meanwhile.
 */
function uploadFile(
  file: File,
  topicId: string,
  onProgress: (p: number) => void,
): Promise<{ ok: boolean; message?: string }> {
  const once = () =>
    new Promise<{ status: number; body: { error?: { message?: string } } }>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/documents/upload');
      for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let body = {};
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          /* not JSON: reported by status */
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => resolve({ status: 0, body: { error: { message: 'Network error' } } });
      const form = new FormData();
      if (topicId) form.append('topicId', topicId);
      form.append('file', file, file.name);
      xhr.send(form);
    });
  return once().then(async (r) => {
    const res = r.status === 401 && (await refreshSession()) ? await once() : r;
    return res.status === 201
      ? { ok: true }
      : { ok: false, message: res.body.error?.message ?? `HTTP ${res.status}` };
  });
}

export function Documents() {
  const { t, lang } = useI18n();
  const { canWrite } = useSession();
  const { problem, report } = useProblem();
  const [status, setStatus] = useState<Status | ''>('');
  const [topicId, setTopicId] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const topics = useLoad(
    async () => (await api.GET('/api/topics', { params: { query: { limit: 100 } } })).data?.data.items ?? [],
    [],
  );
  const docs = useLoad(async () => {
    const res = await api.GET('/api/documents', {
      params: {
        query: {
          page,
          limit: 20,
          sort,
          order,
          ...(status ? { status } : {}),
          ...(topicId ? { topicId } : {}),
          ...(search ? { search } : {}),
        },
      },
    });
    report(res);
    return res.data?.data ?? null;
  }, [page, sort, order, status, topicId, search]);

  // Live status: poll while anything is on its way to VECTORIZED or ERROR.
  const pending = docs.data?.items.some((d) => d.status === 'UPLOADED' || d.status === 'PROCESSING');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(docs.reload, 1500);
    return () => clearInterval(timer);
  }, [pending]);

  const addFiles = async (files: File[]) => {
    const base = Date.now();
    const added = files.map((f, i) => ({
      id: base + i,
      name: f.name,
      progress: 0,
      state: 'uploading' as const,
    }));
    setUploads((u) => [...added, ...u]);
    const patch = (id: number, p: Partial<Upload>) =>
      setUploads((u) => u.map((x) => (x.id === id ? { ...x, ...p } : x)));
    await Promise.all(
      files.map(async (file, i) => {
        const id = added[i]!.id;
        const r = await uploadFile(file, topicId, (progress) => patch(id, { progress }));
        patch(id, r.ok ? { state: 'done', progress: 1 } : { state: 'failed', message: r.message });
        docs.reload();
      }),
    );
  };

  const remove = async (d: Doc) => {
    report(await api.DELETE('/api/documents/{id}', { params: { path: { id: d.id } } }));
    docs.reload();
  };
  const reprocess = async (d: Doc) => {
    report(await api.POST('/api/documents/{id}/reprocess', { params: { path: { id: d.id } } }));
    docs.reload();
  };
  const topicName = (id: string | null) => topics.data?.find((x) => x.id === id)?.name ?? '—';

  return (
    <section>
      {canWrite && (
        <div
          class={`dropzone${dragging ? ' over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void addFiles([...(e.dataTransfer?.files ?? [])]);
          }}
        >
          <p>{t('dropFiles')}</p>
          <label class="button">
            {t('chooseFiles')}
            <input
              type="file"
              multiple
              class="visually-hidden"
              data-testid="file-input"
              onChange={(e) => {
                void addFiles([...(e.currentTarget.files ?? [])]);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
      )}
      {uploads.length > 0 && (
        <section aria-label={t('uploads')}>
          <h2>{t('uploads')}</h2>
          <ul class="uploads">
            {uploads.map((u) => (
              <li key={u.id}>
                <span>{u.name}</span>
                <progress max={1} value={u.progress} aria-label={u.name} />
                <span class={`state ${u.state}`}>{u.state === 'failed' ? u.message : u.state}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('status')}
          <select
            value={status}
            onChange={(e) => (setStatus(e.currentTarget.value as Status | ''), setPage(1))}
          >
            <option value="">{t('all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('topic')}
          <select value={topicId} onChange={(e) => (setTopicId(e.currentTarget.value), setPage(1))}>
            <option value="">{t('all')}</option>
            {topics.data?.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search')}
          <input
            type="search"
            value={search}
            onInput={(e) => (setSearch(e.currentTarget.value), setPage(1))}
          />
        </label>
        <label>
          {t('sortBy')}
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as Sort)}>
            <option value="createdAt">{t('created')}</option>
            <option value="name">{t('name')}</option>
            <option value="status">{t('status')}</option>
            <option value="sizeBytes">{t('size')}</option>
          </select>
        </label>
        <label>
          {t('order')}
          <select value={order} onChange={(e) => setOrder(e.currentTarget.value as 'asc' | 'desc')}>
            <option value="desc">{t('descending')}</option>
            <option value="asc">{t('ascending')}</option>
          </select>
        </label>
      </form>
      <Problem text={problem} />
      {docs.data && docs.data.items.length === 0 && <p>{t('noDocuments')}</p>}
      {docs.data && docs.data.items.length > 0 && (
        <table class="grid">
          <caption class="visually-hidden">{t('documents')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('topic')}</th>
              <th scope="col">{t('size')}</th>
              <th scope="col">{t('created')}</th>
              {canWrite && <th scope="col">{t('actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {docs.data.items.map((d) => (
              <tr key={d.id} data-status={d.status}>
                <td>
                  <Link to={`documents/${encodeURIComponent(d.id)}`}>{d.name}</Link>
                </td>
                <td>
                  <span class={`badge ${d.status.toLowerCase()}`}>{d.status}</span>
                  {d.error && <div class="reason">{d.error}</div>}
                </td>
                <td>{topicName(d.topicId)}</td>
                <td>{formatBytes(d.sizeBytes)}</td>
                <td>{formatDate(d.createdAt, lang)}</td>
                {canWrite && (
                  <td class="actions">
                    <button
                      type="button"
                      onClick={() => void reprocess(d)}
                      disabled={d.status === 'UPLOADED' || d.status === 'PROCESSING'}
                    >
                      {t('reprocess')}
                    </button>
                    <DeleteButton
                      name={d.name}
                      label={t('deleteNamed', { name: d.name })}
                      onDelete={() => remove(d)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {docs.data && <Pager page={page} totalPages={docs.data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}
