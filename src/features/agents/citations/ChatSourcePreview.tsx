/**
 * The chat's side of sources: a citation opens the document preview over the conversation (the
 * address gains `?doc=&passage=`, so Back closes it), and when the document cannot be shown the
 * preview falls back to the words the citation kept.
 */
import { useMemo, type ReactNode } from 'react';
import type { MessageRow } from '../../../db';
import { DocumentPreviewHost } from '../../knowledge/preview/DocumentPreviewHost';
import { usePreviewParams, type PreviewTarget } from '../../knowledge/preview/preview-params';
import { SourcePreviewContext, type SourcePreview } from './source-preview';

export function ChatSourcePreview({ messages, children }: { messages: readonly MessageRow[] | undefined; children: ReactNode }) {
  const { open } = usePreviewParams();
  const value = useMemo<SourcePreview>(() => ({ open: (citation) => open({ documentId: citation.document_id, passage: citation.passage }) }), [open]);
  const fallbackFor = (target: PreviewTarget) => {
    for (const message of messages ?? []) {
      const citation = message.citations?.find((entry) => entry.document_id === target.documentId && (target.passage === null || entry.passage === target.passage));
      if (citation) return { filename: citation.filename, excerpt: citation.excerpt };
    }
    return null;
  };
  return (
    <SourcePreviewContext.Provider value={value}>
      {children}
      <DocumentPreviewHost fallbackFor={fallbackFor} showKnowledgeBaseLink />
    </SourcePreviewContext.Provider>
  );
}
