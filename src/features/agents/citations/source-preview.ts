/**
 * How a citation opens its document: the chat screen provides this (the preview opens over the
 * conversation); elsewhere a citation is a plain link to the Knowledge Base's preview.
 */
import { createContext, useContext } from 'react';
import type { CitationDto } from '../../../contract/citations';

export interface SourcePreview {
  open(citation: CitationDto): void;
}

export const SourcePreviewContext = createContext<SourcePreview | null>(null);

export const useSourcePreview = (): SourcePreview | null => useContext(SourcePreviewContext);
