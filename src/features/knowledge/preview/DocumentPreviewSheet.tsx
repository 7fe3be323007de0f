/**
 * The document preview (docs/knowledge.md "Preview"): a side panel (the whole screen on a phone)
 * with the document's text as Mosaic read it, the passage asked for highlighted and scrolled into
 * view, a passage-by-passage walk, and a download of the original. Opened from a citation in a
 * chat or a row of the Knowledge Base; the address says which (`?doc=&passage=`), so Back closes it.
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Callout, Dialog, Flex, IconButton, Spinner, Text, Tooltip } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon, Cross2Icon, DownloadIcon, ExclamationTriangleIcon, ExternalLinkIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { formatBytes, formatCount, formatDate, formatNumber } from '../../../contract/format';
import { categoryLabel } from '../../../contract/knowledge-categories';
import { NETWORK_REQUIRED_MESSAGE, useOnline } from '../../../pwa';
import { spacesState } from '../../../session';
import { FileTypeIcon } from '../components/FileTypeIcon';
import { previewApi } from './preview.api';
import { previewHref, type PreviewTarget } from './preview-params';
import { PREVIEW_TEXTS, usePreviewText, type PreviewProblem } from './usePreviewText';
import '../knowledge.css';
import './preview.css';

export interface DocumentPreviewSheetProps {
  target: PreviewTarget;
  onNavigate(target: PreviewTarget): void;
  onClose(): void;
  /** What the citation quoted, shown when the document cannot be (deleted, offline and never opened). */
  fallback?: { filename: string; excerpt: string } | null;
  /** Outside the Knowledge Base: a link to open the document there. */
  showKnowledgeBaseLink?: boolean;
}

function problemText(problem: PreviewProblem): string {
  switch (problem.kind) {
    case 'offline':
      return PREVIEW_TEXTS.offline;
    case 'gone':
      return PREVIEW_TEXTS.gone;
    case 'not-ready':
    case 'failed':
      return problem.message;
  }
}

async function download(documentId: string): Promise<void> {
  try {
    const link = await previewApi.downloadLink(documentId);
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = link.filename;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } catch (error) {
    toast.error(`The original could not be downloaded: ${(error as Error).message}`);
  }
}

export default function DocumentPreviewSheet({ target, onNavigate, onClose, fallback, showKnowledgeBaseLink }: DocumentPreviewSheetProps) {
  const { currentSpaceId } = useSnapshot(spacesState);
  const online = useOnline();
  const { body, loading, problem, fromDevice, retry } = usePreviewText(target.documentId, target.passage, currentSpaceId);
  const mark = useRef<HTMLElement>(null);
  const [downloading, setDownloading] = useState(false);
  const range = target.passage === null ? undefined : body?.passages.find((passage) => passage.ordinal === target.passage);
  const filename = body?.document.filename ?? fallback?.filename ?? 'Document';
  const total = body?.document.passage_count ?? 0;

  // The passage is brought into view when it changes or its text arrives.
  useEffect(() => {
    mark.current?.scrollIntoView?.({ block: 'center' });
  }, [range?.start, range?.end, body?.text.length]);

  const walk = (step: -1 | 1) => {
    const next = (target.passage ?? -1) + step;
    if (next >= 0 && next < total) onNavigate({ documentId: target.documentId, passage: next });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content className="doc-preview" data-testid="document-preview">
        <Flex className="doc-preview__head" align="start" gap="3">
          <FileTypeIcon filename={filename} />
          <Flex direction="column" gap="1" className="doc-preview__titles">
            <Dialog.Title size="4" mb="0" className="doc-preview__title">
              {filename}
            </Dialog.Title>
            <Dialog.Description size="1" color="gray">
              {body
                ? [
                    body.document.category ? categoryLabel(body.document.category) : null,
                    formatBytes(body.document.size_bytes),
                    `added ${formatDate(body.document.created_at)}`,
                    formatCount(total, 'passage'),
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : 'Document preview'}
            </Dialog.Description>
          </Flex>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close preview" className="doc-preview__close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>

        <Flex className="doc-preview__bar" align="center" justify="between" gap="2" wrap="wrap">
          {target.passage !== null && total > 0 ? (
            <Flex align="center" gap="1">
              <IconButton variant="soft" color="gray" aria-label="Previous passage" disabled={target.passage <= 0} onClick={() => walk(-1)}>
                <ChevronLeftIcon />
              </IconButton>
              <Text size="2" aria-live="polite" className="doc-preview__position">
                Passage {formatNumber(target.passage + 1)} of {formatNumber(total)}
              </Text>
              <IconButton variant="soft" color="gray" aria-label="Next passage" disabled={target.passage >= total - 1} onClick={() => walk(1)}>
                <ChevronRightIcon />
              </IconButton>
            </Flex>
          ) : (
            <span />
          )}
          <Flex align="center" gap="2" wrap="wrap">
            {showKnowledgeBaseLink ? (
              <Button variant="soft" color="gray" asChild>
                <RouterLink to={previewHref(target)}>
                  <ExternalLinkIcon /> Open in Knowledge Base
                </RouterLink>
              </Button>
            ) : null}
            <Tooltip content={online ? 'Download the original file' : NETWORK_REQUIRED_MESSAGE}>
              <Button
                variant="soft"
                disabled={!online || problem?.kind === 'gone'}
                loading={downloading}
                onClick={() => {
                  setDownloading(true);
                  void download(target.documentId).finally(() => setDownloading(false));
                }}
              >
                <DownloadIcon /> Download original
              </Button>
            </Tooltip>
          </Flex>
        </Flex>

        {fromDevice ? (
          <Badge color="gray" variant="soft" className="doc-preview__notice">
            Saved copy on this device (offline)
          </Badge>
        ) : null}
        {body && !body.complete ? (
          <Text as="p" size="1" color="gray" className="doc-preview__notice">
            Showing passages {formatNumber(body.first_ordinal + 1)}–{formatNumber(body.last_ordinal + 1)} of {formatNumber(total)}. Download the original for the whole
            document.
          </Text>
        ) : null}

        {problem ? (
          <Callout.Root color={problem.kind === 'offline' || problem.kind === 'not-ready' ? 'gray' : 'red'} className="doc-preview__notice" role="status">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{problemText(problem)}</Callout.Text>
            {problem.kind === 'failed' || (problem.kind === 'offline' && online) ? (
              <Button size="1" variant="soft" onClick={retry} mt="2">
                <ReloadIcon /> Try again
              </Button>
            ) : null}
          </Callout.Root>
        ) : null}
        {!body && problem && fallback ? (
          <blockquote className="doc-preview__fallback">
            <Text as="p" size="1" color="gray" mb="1">
              The passage the reply cited:
            </Text>
            <Text as="p" size="2">
              {fallback.excerpt}
            </Text>
          </blockquote>
        ) : null}

        {loading ? (
          <Flex align="center" gap="2" p="5" role="status">
            <Spinner /> <Text size="2">Loading the document…</Text>
          </Flex>
        ) : null}
        {body ? (
          <div className="doc-preview__text" role="region" tabIndex={0} aria-label={`Text of ${filename}`} data-testid="document-text">
            {range ? (
              <>
                {body.text.slice(0, range.start)}
                <mark ref={mark} className="doc-preview__mark" data-testid="passage-highlight">
                  {body.text.slice(range.start, range.end)}
                </mark>
                {body.text.slice(range.end)}
              </>
            ) : (
              body.text
            )}
          </div>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
