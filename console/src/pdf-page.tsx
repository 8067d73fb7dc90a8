import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from './i18n.ts';
import type { Box, TextItem } from './pdf-marks.ts';

/**
 * One page of a PDF drawn on a canvas by pdf.js (its display layer only: no viewer, no scripting),
 * instead of the browser's PDF viewer: Chrome's viewer runs a PDF's own JavaScript (an OpenAction
 * `app.alert`) whatever the CSP says (issue 22, hole 5). pdf.js's display layer never executes
 * document scripts (scripting lives in its viewer's sandbox, not loaded here), XFA forms are off,
 * and the console's CSP forbids `eval`. pdf.js and its worker load on first use, not with the console.
 * `page` is 1-based and clamped to the document's pages. `marks`: text to mark on the page (the
 * cited sentence or passage), found in the page's text layer (pdf-marks.ts); scanned pages have
 * none, so nothing is marked there. The first mark is scrolled into view.
 */
export function PdfPage(props: { data: Blob; page: number; title: string; marks?: string[] }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const figure = useRef<HTMLElement>(null);
  const [state, setState] = useState<
    { pages: number; shown: number; w: number; h: number } | 'failed' | null
  >(null);
  const [boxes, setBoxes] = useState<Box[]>([]);
  const marks = (props.marks ?? []).join('\n');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const [pdfjs, worker, { markBoxes }] = await Promise.all([
          import('pdfjs-dist'),
          import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
          import('./pdf-marks.ts'),
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
        const found = props.marks?.length
          ? markBoxes(
              (await page.getTextContent()).items.filter((x): x is TextItem & typeof x => 'str' in x),
              props.marks,
              viewport.transform,
              viewport.scale,
            )
          : [];
        if (cancelled) return;
        setBoxes(found);
        setState({ pages: pdf.numPages, shown, w: viewport.width, h: viewport.height });
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [props.data, props.page, marks]);

  // The cited lines may be low on the page: bring the first into view.
  useEffect(() => {
    const f = figure.current;
    const c = canvas.current;
    if (!f || !c || !boxes[0] || !c.height) return;
    f.scrollTop = Math.max(0, (boxes[0].y / c.height) * c.clientHeight - 40);
  }, [boxes]);

  const shown = state && state !== 'failed' ? state : null;
  return (
    <figure
      class="pdf-viewer"
      ref={figure}
      data-page={shown?.shown}
      data-marks={shown ? boxes.length : undefined}
    >
      {state === 'failed' && <p role="alert">{t('pdfFailed')}</p>}
      <div class="pdf-canvas">
        <canvas ref={canvas} class="pdf-page" role="img" aria-label={props.title} />
        {shown && boxes.length > 0 && (
          <svg class="pdf-marks" viewBox={`0 0 ${shown.w} ${shown.h}`} aria-hidden="true">
            {boxes.map((b, i) => (
              <rect key={i} x={b.x} y={b.y} width={b.w} height={b.h} />
            ))}
          </svg>
        )}
      </div>
      {shown && (
        <figcaption>
          {t('pdfPageOf', { n: shown.shown, total: shown.pages })}
          {boxes.length > 0 && ` · ${t('pdfMarked')}`}
        </figcaption>
      )}
    </figure>
  );
}
