import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from './i18n.ts';

/**
 * One page of a PDF drawn on a canvas by pdf.js (its display layer only: no viewer, no scripting),
 * instead of the browser's PDF viewer: Chrome's viewer runs a PDF's own JavaScript (an OpenAction
 * `app.alert`) whatever the CSP says (issue 22, hole 5). pdf.js's display layer never executes
 * document scripts (scripting lives in its viewer's sandbox, not loaded here), XFA forms are off,
 * and the console's CSP forbids `eval`. pdf.js and its worker load on first use, not with the console.
 * `page` is 1-based and clamped to the document's pages.
 */
export function PdfPage(props: { data: Blob; page: number; title: string }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ pages: number; shown: number } | 'failed' | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([
          import('pdfjs-dist'),
          import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
        ]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({
          data: new Uint8Array(await props.data.arrayBuffer()),
          enableXfa: false,
        });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        const shown = Math.min(Math.max(1, props.page), pdf.numPages);
        const page = await pdf.getPage(shown);
        const target = canvas.current;
        if (cancelled || !target) return;
        const viewport = page.getViewport({ scale: 1.5 });
        target.width = viewport.width;
        target.height = viewport.height;
        await page.render({ canvas: target, viewport }).promise;
        if (!cancelled) setState({ pages: pdf.numPages, shown });
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [props.data, props.page]);

  return (
    <figure class="pdf-viewer" data-page={state && state !== 'failed' ? state.shown : undefined}>
      {state === 'failed' && <p role="alert">{t('pdfFailed')}</p>}
      <canvas ref={canvas} class="pdf-page" role="img" aria-label={props.title} />
      {state && state !== 'failed' && (
        <figcaption>{t('pdfPageOf', { n: state.shown, total: state.pages })}</figcaption>
      )}
    </figure>
  );
}
