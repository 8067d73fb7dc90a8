import { useEffect, useState } from 'preact/hooks';
import { api } from './api.ts';
import { useI18n } from './i18n.ts';
import { Problem, useProblem } from './ui.tsx';
import { PdfPage } from './pdf-page.tsx';

/** Fetches a document's original with the bearer token (a plain link could not send it). */
async function fetchOriginal(id: string) {
  return api.GET('/api/documents/{id}/file', { params: { path: { id } }, parseAs: 'blob' });
}

/**
 * "Open page N" (PDFs: that page drawn by pdf.js, pdf-page.tsx, never the browser's PDF viewer,
 * which would run the PDF's scripts) and "Download original" for one document. `page` is 1-based.
 */
export function OriginalFile(props: { id: string; name: string; mimeType: string; page?: number | null }) {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [viewer, setViewer] = useState<Blob | null>(null);
  const pdf = props.mimeType === 'application/pdf';
  const page = props.page ?? 1;

  useEffect(() => setViewer(null), [props.id, props.page]);

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
          <button type="button" onClick={open} aria-expanded={viewer !== null}>
            {t('openPage', { n: page })}
          </button>
        )}
        <button type="button" onClick={download}>
          {t('downloadOriginal')}
        </button>
        {viewer && (
          <button type="button" onClick={() => setViewer(null)}>
            {t('closeViewer')}
          </button>
        )}
      </p>
      <Problem text={problem} />
      {viewer && <PdfPage data={viewer} page={page} title={t('pdfViewer', { name: props.name, n: page })} />}
    </div>
  );
}
