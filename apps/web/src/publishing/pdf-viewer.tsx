import { useEffect, useRef, useState } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { usePublishingT } from './use-publishing-t.js';

// pdf.js parses in a worker of its own (an asset of this chunk): the page stays responsive on a 10 MB document.
GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * A PDF attachment previewed in the page (docs/adr/0037): pdf.js renders one page at a time to a canvas, with
 * previous/next and zoom. This module and pdf.js are one lazy chunk, fetched only when a reader opens a document.
 * `data`: the file's bytes (fetched with the session's token; a blob: URL is not for the page's connect-src).
 */
export default function PdfViewer({ data, name }: { data: ArrayBuffer; name: string }) {
  const { p } = usePublishingT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2); // index into ZOOMS: 100 %
  const [rendered, setRendered] = useState(0);

  useEffect(() => {
    // a copy: pdf.js transfers the buffer to its worker, and the query cache keeps the original for a reopen.
    const task = getDocument({ data: data.slice(0) });
    task.promise.then(setDoc, () => setFailed(true));
    return () => void task.destroy();
  }, [data]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    const target = canvas.current;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(page);
      if (cancelled) return;
      // drawn at the screen's pixel density, shown at the zoom's size: sharp on a high-DPI phone
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: (ZOOMS[zoom] ?? 1) * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / ratio)}px`;
      const task = pdfPage.render({ canvas: target, viewport });
      render = task;
      await task.promise;
      if (!cancelled) setRendered(page);
    })().catch(() => undefined); // a render cancelled by the next page or zoom
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page, zoom]);

  if (failed) return <p className="sf-hint" data-testid="pdf-failed">{p('web.detail.previewFailed')}</p>;
  const pages = doc?.numPages ?? 0;
  return (
    <div className="sf-pdf-viewer" data-testid="pdf-viewer" aria-label={name}>
      <div className="sf-pdf-tools">
        <Button.Group size="mini" basic>
          <Button icon disabled={page <= 1} onClick={() => setPage((n) => n - 1)} aria-label={p('web.detail.previousPage')} title={p('web.detail.previousPage')} data-testid="pdf-prev">
            <Icon name="chevron left" />
          </Button>
          <Button icon disabled={page >= pages} onClick={() => setPage((n) => n + 1)} aria-label={p('web.detail.nextPage')} title={p('web.detail.nextPage')} data-testid="pdf-next">
            <Icon name="chevron right" />
          </Button>
        </Button.Group>
        <span className="sf-pdf-page" data-testid="pdf-page">{p('web.detail.pageOf', { page, pages })}</span>
        <Button.Group size="mini" basic>
          <Button icon disabled={zoom <= 0} onClick={() => setZoom((z) => z - 1)} aria-label={p('web.detail.zoomOut')} title={p('web.detail.zoomOut')} data-testid="pdf-zoom-out">
            <Icon name="zoom out" />
          </Button>
          <Button icon disabled={zoom >= ZOOMS.length - 1} onClick={() => setZoom((z) => z + 1)} aria-label={p('web.detail.zoomIn')} title={p('web.detail.zoomIn')} data-testid="pdf-zoom-in">
            <Icon name="zoom in" />
          </Button>
        </Button.Group>
        <span className="sf-pdf-page" data-testid="pdf-zoom">{Math.round((ZOOMS[zoom] ?? 1) * 100)}%</span>
      </div>
      <div className="sf-pdf-canvas-wrap">
        <canvas ref={canvas} data-testid="pdf-canvas" data-rendered-page={rendered} />
      </div>
    </div>
  );
}
