/**
 * A PDF shown page by page in the preview with pdf.js (loaded with this component only: the
 * library screen does not carry it). The file comes through a short-lived inline link; each page
 * is drawn to a canvas at the width of the preview. Scripts in PDFs are never run (no eval).
 */
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Spinner, Text } from '@radix-ui/themes';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

interface PdfPagesProps {
  /** Where to read the file (a signed link). */
  url: string;
  name: string;
}

export default function PdfPages({ url, name }: PdfPagesProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let alive = true;
    const task = getDocument({ url, isEvalSupported: false });
    task.promise.then(
      (loaded) => alive && setPdf(loaded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!pdf || !canvas.current) return undefined;
    let cancelled = false;
    let render: { cancel(): void; promise: Promise<void> } | null = null;
    void pdf.getPage(page).then((loaded) => {
      if (cancelled || !canvas.current) return;
      const target = canvas.current;
      const width = target.parentElement?.clientWidth || 800;
      const scale = Math.min(2.5, (width / loaded.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1));
      const viewport = loaded.getViewport({ scale });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      render = loaded.render({ canvas: target, viewport });
      render.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, page]);

  if (failed) {
    return (
      <Text size="2" color="red" role="alert">
        This PDF could not be shown here. Download it to open it.
      </Text>
    );
  }
  if (!pdf) {
    return (
      <Flex align="center" justify="center" className="asset-preview__loading" gap="2">
        <Spinner /> <Text size="2">Opening the PDF…</Text>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="2" className="asset-pdf">
      <div className="asset-pdf__page">
        <canvas ref={canvas} role="img" aria-label={`${name}, page ${page} of ${pdf.numPages}`} data-testid="pdf-page" data-page={page} />
      </div>
      <Flex align="center" justify="center" gap="3">
        <IconButton variant="soft" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Text size="2" aria-live="polite">
          Page {page} of {pdf.numPages}
        </Text>
        <IconButton variant="soft" aria-label="Next page" disabled={page >= pdf.numPages} onClick={() => setPage((current) => current + 1)}>
          <ChevronRightIcon />
        </IconButton>
      </Flex>
    </Flex>
  );
}
