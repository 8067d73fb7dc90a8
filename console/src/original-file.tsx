import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.ts';
import { useI18n } from './i18n.ts';
import { Problem, useProblem } from './ui.tsx';
import { PdfPage } from './pdf-page.tsx';
import { PageSheet } from './page-sheet.tsx';

/** Fetches a document's original with the bearer token (a plain link could not send it). */
async function fetchOriginal(id: string) {
  return api.GET('/api/documents/{id}/file', { params: { path: { id } }, parseAs: 'blob' });
}

/**
 * "Open page N" (PDFs: that page drawn by pdf.js, pdf-page.tsx, never the browser's PDF viewer,
 * which would run the PDF's scripts) and "Download original" for one document. `page` is 1-based.
 */
export function OriginalFile(props: {
  id: string;
  name: string;
  mimeType: string;
  page?: number | null;
  /** Text to mark on the page (the cited passage). */
  marks?: string[];
  /** Show the page in a sheet beside the chat (the passage panel) instead of in place. */
  sheet?: boolean;
}) {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [viewer, setViewer] = useState<Blob | null>(null);
  const pdf = props.mimeType === 'application/pdf';
  const page = props.page ?? 1;

  useEffect(() => setViewer(null), [props.id, props.page]);

  const opener = useRef<HTMLButtonElement>(null);
  /** Closes the viewer; focus goes back to "Open page N". */
  const close = () => {
    setViewer(null);
    opener.current?.focus();
  };
  const open = async () => {
    const res = await fetchOriginal(props.id);
    report(res);
    if (res.data) setViewer(res.data);
  };
  const download = async () => {
    const res = await fetchOriginal(props.id);
    report(res);
    if (!res.data) return;
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = props.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <div class="original">
      <p class="actions">
        {pdf && (
          <button type="button" onClick={open} aria-expanded={viewer !== null} ref={opener}>
            {t('openPage', { n: page })}
          </button>
        )}
        <button type="button" onClick={download}>
          {t('downloadOriginal')}
        </button>
        {viewer && !props.sheet && (
          <button type="button" onClick={close}>
            {t('closeViewer')}
          </button>
        )}
      </p>
      <Problem text={problem} />
      {viewer && !props.sheet && (
        <PdfPage
          data={viewer}
          page={page}
          marks={props.marks}
          title={t('pdfViewer', { name: props.name, n: page })}
        />
      )}
      {viewer && props.sheet && (
        <PageSheet title={t('pageSheet', { name: props.name, n: page })} onClose={close}>
          <PdfPage
            data={viewer}
            page={page}
            marks={props.marks}
            title={t('pdfViewer', { name: props.name, n: page })}
          />
        </PageSheet>
      )}
    </div>
  );
}
