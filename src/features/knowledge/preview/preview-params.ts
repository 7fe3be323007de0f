/**
 * Which document the preview shows, in the address (`?doc=<id>&passage=<n>`): a citation or a
 * document row opens it, Back closes it, and the address can be shared with a colleague. Works on
 * any screen (the Knowledge Base and the chat use it).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PREVIEW_DOC_PARAM = 'doc';
export const PREVIEW_PASSAGE_PARAM = 'passage';

export interface PreviewTarget {
  documentId: string;
  /** 0-based passage to open at; null: the start. */
  passage: number | null;
}

/** `/knowledge-base?doc=…&passage=…`: where a citation leads when opened in a new tab. */
export function previewHref(target: PreviewTarget): string {
  const query = new URLSearchParams({ [PREVIEW_DOC_PARAM]: target.documentId });
  if (target.passage !== null) query.set(PREVIEW_PASSAGE_PARAM, String(target.passage));
  return `/knowledge-base?${query}`;
}

export interface PreviewParams {
  target: PreviewTarget | null;
  /** Opens (a new history entry, so Back closes it) or, with `replace`, moves within the preview. */
  open(target: PreviewTarget, options?: { replace?: boolean }): void;
  close(): void;
}

export function usePreviewParams(): PreviewParams {
  const [params, setParams] = useSearchParams();
  const documentId = params.get(PREVIEW_DOC_PARAM);
  const passageText = params.get(PREVIEW_PASSAGE_PARAM);
  const passage = passageText !== null && /^\d+$/.test(passageText) ? Number(passageText) : null;

  const open = useCallback(
    (target: PreviewTarget, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PREVIEW_DOC_PARAM, target.documentId);
          if (target.passage === null) next.delete(PREVIEW_PASSAGE_PARAM);
          else next.set(PREVIEW_PASSAGE_PARAM, String(target.passage));
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  const close = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(PREVIEW_DOC_PARAM);
      next.delete(PREVIEW_PASSAGE_PARAM);
      return next;
    });
  }, [setParams]);

  return { target: documentId ? { documentId, passage } : null, open, close };
}
