/**
 * A citation marker in a reply: a small numbered chip that opens the document at the passage.
 * It is a real link (to the Knowledge Base's preview), so it also opens in a new tab; in a chat a
 * plain click opens the preview over the conversation instead. The brackets are there for screen
 * readers and copied text, hidden on screen.
 */
import { Tooltip } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import type { CitationDto } from '../../../contract/citations';
import { previewHref } from '../../knowledge/preview/preview-params';
import { useSourcePreview } from './source-preview';

export function citationLabel(citation: CitationDto): string {
  return `Source ${citation.n}: ${citation.filename}, passage ${citation.passage + 1}`;
}

export function useOpenCitation(citation: CitationDto) {
  const preview = useSourcePreview();
  return (event: MouseEvent) => {
    // A new tab or window (modifier keys, middle click) follows the link itself.
    if (!preview || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    preview.open(citation);
  };
}

export function CitationMarker({ citation }: { citation: CitationDto }) {
  const onClick = useOpenCitation(citation);
  return (
    <Tooltip content={`${citation.filename} · ${citation.excerpt.slice(0, 140)}${citation.excerpt.length > 140 ? '…' : ''}`}>
      <a
        href={previewHref({ documentId: citation.document_id, passage: citation.passage })}
        className="citation-marker"
        aria-label={citationLabel(citation)}
        data-testid="citation-marker"
        onClick={onClick}
      >
        <span className="visually-hidden">[</span>
        {citation.n}
        <span className="visually-hidden">]</span>
      </a>
    </Tooltip>
  );
}
