import { useEffect, useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { Pager, Problem, useLoad, useProblem } from '../ui.tsx';
import { useUploadQueue, MAX_UPLOAD_MB } from '../documents/upload-queue.ts';
import { UploadPanel } from '../documents/upload-panel.tsx';
import { DocRow } from '../documents/doc-row.tsx';
import { BulkBar } from '../documents/bulk-bar.tsx';
import { DocFilters, type Filters } from '../documents/doc-filters.tsx';
import { questionToAnswer, UploadFor } from '../documents/upload-for.tsx';

type Doc = Schemas['Document'];

/**
 * Documents: the upload queue (drop or choose files), filters and word search, the total, and a
 * table where names and topics are edited in place and rows are selected for bulk actions.
 */
export function Documents() {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const { problem, report, setProblem } = useProblem();
  const [filters, setFilters] = useState<Filters>({
    status: '',
    topicId: '',
    search: '',
    sort: 'createdAt',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [dragging, setDragging] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [forQuestion] = useState(questionToAnswer);

  const topics = useLoad(
    async () => (await api.GET('/api/topics', { params: { query: { limit: 100 } } })).data?.data.items ?? [],
    [],
  );
  const docs = useLoad(async () => {
    const { status, topicId, search, sort, order } = filters;
    const res = await api.GET('/api/documents', {
      params: {
        query: {
          page,
          limit: 20,
          sort,
          order,
          ...(status ? { status } : {}),
          ...(topicId ? { topicId } : {}),
          ...(search.trim() ? { search: search.trim() } : {}),
        },
      },
    });
    report(res);
    return res.data?.data ?? null;
  }, [page, filters]);
  const queue = useUploadQueue(docs.reload);

  // Live status: poll while anything on the page is on its way to VECTORIZED or ERROR.
  const pending = docs.data?.items.some((d) => d.status === 'UPLOADED' || d.status === 'PROCESSING');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(docs.reload, 1500);
    return () => clearInterval(timer);
  }, [pending]);

  const items = docs.data?.items ?? [];
  const chosen = items.filter((d) => selected.has(d.id));
  /** Runs `call` on every selected document, reports the first failure, then reloads. */
  const bulk = async (call: (d: Doc) => Promise<{ response: Response; error?: unknown }>) => {
    const results = await Promise.all(chosen.map(call));
    const bad = results.find((r) => !r.response.ok);
    if (bad) report(bad);
    else setProblem(null);
    setSelected(new Set());
    docs.reload();
  };
  // Files dropped while a topic is filtered go into it; "No topic" (`none`) is no topic.
  const uploadTopic = filters.topicId === 'none' ? '' : filters.topicId;
  const filtered = filters.status || filters.topicId || filters.search.trim();
  const total = docs.data?.pagination.total ?? 0;

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
            queue.add([...(e.dataTransfer?.files ?? [])], uploadTopic);
          }}
        >
          {forQuestion && <UploadFor question={forQuestion} />}
          <p>{t('dropFiles')}</p>
          <p class="hint">{t('uploadLimits', { mb: MAX_UPLOAD_MB })}</p>
          <label class="button">
            {t('chooseFiles')}
            <input
              type="file"
              multiple
              class="visually-hidden"
              data-testid="file-input"
              onChange={(e) => {
                queue.add([...(e.currentTarget.files ?? [])], uploadTopic);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
      )}
      <UploadPanel
        items={queue.items}
        onRetryFailed={queue.retryFailed}
        onUploadAnyway={queue.uploadAnyway}
        onRemove={queue.remove}
        onClear={queue.clearFinished}
      />
      <DocFilters
        value={filters}
        topics={topics.data ?? []}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
          setSelected(new Set());
        }}
      />
      <Problem text={problem} />
      {docs.data && (
        <p class="total" data-testid="doc-total">
          {t('documentCount', { n: total })}
        </p>
      )}
      {docs.data && items.length === 0 && <p>{filtered ? t('noMatches') : t('noDocuments')}</p>}
      {canWrite && (
        <BulkBar
          count={chosen.length}
          topics={topics.data ?? []}
          onMove={(topicId) =>
            bulk((d) => api.PUT('/api/documents/{id}', { params: { path: { id: d.id } }, body: { topicId } }))
          }
          onReprocess={() =>
            bulk((d) => api.POST('/api/documents/{id}/reprocess', { params: { path: { id: d.id } } }))
          }
          onDelete={() => bulk((d) => api.DELETE('/api/documents/{id}', { params: { path: { id: d.id } } }))}
          onClear={() => setSelected(new Set())}
        />
      )}
      {items.length > 0 && (
        <table tabIndex={0} class="grid cards">
          <caption class="visually-hidden">{t('documents')}</caption>
          <thead>
            <tr>
              {canWrite && (
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('selectAll')}
                    checked={chosen.length === items.length}
                    onChange={(e) =>
                      setSelected(new Set(e.currentTarget.checked ? items.map((d) => d.id) : []))
                    }
                  />
                </th>
              )}
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('topic')}</th>
              <th scope="col">{t('size')}</th>
              <th scope="col">{t('created')}</th>
              {canWrite && <th scope="col">{t('actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <DocRow
                key={d.id}
                doc={d}
                topics={topics.data ?? []}
                canWrite={canWrite}
                selected={selected.has(d.id)}
                onSelect={(on) => {
                  const next = new Set(selected);
                  if (on) next.add(d.id);
                  else next.delete(d.id);
                  setSelected(next);
                }}
                onSaved={(res) => {
                  report(res);
                  docs.reload();
                }}
                onReprocess={async () => {
                  report(await api.POST('/api/documents/{id}/reprocess', { params: { path: { id: d.id } } }));
                  docs.reload();
                }}
                onDelete={async () => {
                  report(await api.DELETE('/api/documents/{id}', { params: { path: { id: d.id } } }));
                  docs.reload();
                }}
              />
            ))}
          </tbody>
        </table>
      )}
      {docs.data && <Pager page={page} totalPages={docs.data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}
