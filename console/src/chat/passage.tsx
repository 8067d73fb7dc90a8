import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Link } from '../ui.tsx';
import { OriginalFile } from '../original-file.tsx';
import { locationOf } from '../screens/document-detail.tsx';
import { findCitedAll, normalisedText } from './highlight.ts';

/** A cited chunk as the panel shows it, with the answer's sentences that cite it. */
export interface Passage {
  n: string;
  documentId: string;
  name: string;
  mimeType: string;
  /** The cited chunk's first page (PDFs), null when it has none. */
  page: number | null;
  where: string;
  text: string;
  /** Every sentence of the answer that carries this citation (citingSentences). */
  sentences: string[];
}

/** The chunk a citation points at: the document's chunks are paged through until it turns up. */
export async function findPassage(
  n: string,
  documentId: string,
  chunkId: string,
  pageWord: string,
  sentences: string[],
): Promise<Passage | null> {
  const doc = await api.GET('/api/documents/{id}', { params: { path: { id: documentId } } });
  for (let p = 1; p <= 50; p++) {
    const res = await api.GET('/api/documents/{id}/chunks', {
      params: { path: { id: documentId }, query: { page: p, limit: 100 } },
    });
    const hit = res.data?.data.items.find((c) => c.id === chunkId);
    if (hit)
      return {
        n,
        documentId,
        name: doc.data?.data.name ?? documentId,
        mimeType: doc.data?.data.mimeType ?? '',
        page: hit.pageStart,
        where: locationOf(hit, pageWord),
        text: hit.text,
        sentences,
      };
    if (!res.data || p >= res.data.data.pagination.totalPages) break;
  }
  return null;
}

/**
 * The cited passage beside the chat (a full-screen sheet on phones), the sentence the answer
 * cites marked; Escape or Close closes it and gives focus back to the chip.
 */
export function PassagePanel({ passage, onClose }: { passage: Passage; onClose: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [passage]);
  const spans = findCitedAll(passage.text, passage.sentences);
  const text = spans.length ? normalisedText(passage.text) : passage.text;
  const marked: ComponentChildren[] = [];
  let from = 0;
  for (const [start, end] of spans) {
    marked.push(text.slice(from, start), <mark key={start}>{text.slice(start, end)}</mark>);
    from = end;
  }
  marked.push(text.slice(from));
  return (
    <aside class="passage" aria-labelledby="passage-title" tabIndex={-1} ref={ref}>
      <h2 id="passage-title">
        {t('passage')} [{passage.n}]
      </h2>
      <p>
        <Link to={`documents/${encodeURIComponent(passage.documentId)}`}>{passage.name}</Link> {passage.where}
      </p>
      <blockquote>{marked}</blockquote>
      <OriginalFile
        id={passage.documentId}
        name={passage.name}
        mimeType={passage.mimeType}
        page={passage.page}
        marks={spans.length ? spans.map(([start, end]) => text.slice(start, end)) : [passage.text]}
        sheet
      />
      <button type="button" onClick={onClose}>
        {t('close')}
      </button>
    </aside>
  );
}
