/**
 * Shows the document preview when the address names a document (`?doc=&passage=`). The panel's
 * code loads on first use, so screens that host it (the Knowledge Base, a chat) do not carry it.
 */
import { lazyScreen } from '../../../ui/lazy-screen';
import type { DocumentPreviewSheetProps } from './DocumentPreviewSheet';
import { usePreviewParams, type PreviewTarget } from './preview-params';

const DocumentPreviewSheet = lazyScreen<DocumentPreviewSheetProps>(() => import('./DocumentPreviewSheet'), null);

/** Starts the panel's download ahead of the first click (e.g. when a reply with sources shows). */
export const preloadDocumentPreview = (): Promise<void> => DocumentPreviewSheet.preload();

interface DocumentPreviewHostProps {
  /** What a citation quoted, for when the document itself cannot be shown. */
  fallbackFor?: (target: PreviewTarget) => { filename: string; excerpt: string } | null;
  showKnowledgeBaseLink?: boolean;
}

export function DocumentPreviewHost({ fallbackFor, showKnowledgeBaseLink }: DocumentPreviewHostProps) {
  const { target, open, close } = usePreviewParams();
  if (!target) return null;
  return (
    <DocumentPreviewSheet
      key={target.documentId}
      target={target}
      onNavigate={(next) => open(next, { replace: true })}
      onClose={close}
      fallback={fallbackFor?.(target) ?? null}
      showKnowledgeBaseLink={showKnowledgeBaseLink}
    />
  );
}
