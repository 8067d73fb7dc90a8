import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { navigate, useSession } from '../session.ts';
import { DeleteButton, formatBytes, formatDate, Link, Pager, Problem, useLoad, useProblem } from '../ui.tsx';
import { OriginalFile } from '../original-file.tsx';
import { NameEditor, TopicSelect } from '../documents/doc-row.tsx';

/** Where a chunk sits in its document: pages, sheet and rows, or slide. */
export function locationOf(
  c: { pageStart: number | null; pageEnd: number | null; sheet?: string | null; slide?: number | null },
  page: string,
) {
  if (c.pageStart != null)
    return c.pageEnd != null && c.pageEnd !== c.pageStart
      ? `${page} ${c.pageStart}–${c.pageEnd}`
      : `${page} ${c.pageStart}`;
  if (c.sheet) return c.sheet;
  if (c.slide != null) return `#${c.slide}`;
  return '';
}

export function DocumentDetail({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const { canWrite } = useSession();
  const { problem, report } = useProblem();
  const [page, setPage] = useState(1);
  const doc = useLoad(async () => {
    const res = await api.GET('/api/documents/{id}', { params: { path: { id } } });
    report(res);
    return res.data?.data ?? null;
  }, [id]);
  const chunks = useLoad(
    async () =>
      (await api.GET('/api/documents/{id}/chunks', { params: { path: { id }, query: { page, limit: 20 } } }))
        .data?.data ?? null,
    [id, page],
  );
  const topics = useLoad(
    async () => (await api.GET('/api/topics', { params: { query: { limit: 100 } } })).data?.data.items ?? [],
    [],
  );
  const saved = (res: { response: Response; error?: unknown }) => {
    report(res);
    doc.reload();
  };
  const d = doc.data;
  return (
    <section>
      <p>
        <Link to="documents">← {t('back')}</Link>
      </p>
      <Problem text={problem} />
      {d && (
        <>
          <h2>
            <NameEditor doc={d} canWrite={canWrite} onSaved={saved} />
          </h2>
          <dl class="facts">
            <dt>{t('status')}</dt>
            <dd>
              <span class={`badge ${d.status.toLowerCase()}`}>{t(`docStatus_${d.status}`)}</span> {d.error}
            </dd>
            <dt>{t('topic')}</dt>
            <dd>
              {canWrite ? (
                <TopicSelect doc={d} topics={topics.data ?? []} onSaved={saved} />
              ) : (
                (topics.data?.find((x) => x.id === d.topicId)?.name ?? t('noTopic'))
              )}
            </dd>
            <dt>{t('size')}</dt>
            <dd>
              {formatBytes(d.sizeBytes)} · {d.format} · {d.pageCount ?? '—'} p.
            </dd>
            <dt>{t('created')}</dt>
            <dd>{formatDate(d.createdAt, lang)}</dd>
          </dl>
          <OriginalFile id={d.id} name={d.name} mimeType={d.mimeType} />
          {canWrite && (
            <p class="actions">
              <button
                type="button"
                disabled={d.status === 'UPLOADED' || d.status === 'PROCESSING'}
                onClick={async () => {
                  report(await api.POST('/api/documents/{id}/reprocess', { params: { path: { id } } }));
                  doc.reload();
                }}
              >
                {t('reprocess')}
              </button>
              <DeleteButton
                name={d.name}
                onDelete={async () => {
                  const res = await api.DELETE('/api/documents/{id}', { params: { path: { id } } });
                  report(res);
                  if (res.data) navigate('documents');
                }}
              />
            </p>
          )}
          <h2>
            {t('chunks')} ({d.chunkCount ?? 0})
          </h2>
          <ol class="chunks">
            {chunks.data?.items.map((c) => (
              <li key={c.id} id={c.id}>
                <p class="where">
                  #{c.index + 1} {locationOf(c, t('page'))}
                </p>
                <p class="text">{c.text}</p>
              </li>
            ))}
          </ol>
          {chunks.data && (
            <Pager page={page} totalPages={chunks.data.pagination.totalPages} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}
