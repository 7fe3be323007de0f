/**
 * The preview's text: the saved copy at once (Dexie, so it opens offline), refreshed from the
 * server when online and saved again. What went wrong is said in words the reader can act on.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiError } from '../../../api';
import { db, forgetDocumentText, saveDocumentText } from '../../../db';
import type { DocumentTextDto } from '../../../contract/document-preview';
import { useOnline } from '../../../pwa';
import { previewApi } from './preview.api';

export type PreviewProblem =
  /** Offline, and this document (or this part of it) was never opened on this device. */
  | { kind: 'offline' }
  /** Still being read, or could not be read: the server's words. */
  | { kind: 'not-ready'; message: string }
  /** Deleted, or not in this space. */
  | { kind: 'gone' }
  | { kind: 'failed'; message: string };

export interface PreviewText {
  /** The text to show (saved or just fetched); undefined while nothing is known yet. */
  body: DocumentTextDto | undefined;
  loading: boolean;
  problem: PreviewProblem | null;
  /** The text shown is the device's copy and the server could not be asked. */
  fromDevice: boolean;
  retry(): void;
}

export const PREVIEW_TEXTS = {
  offline: "You're offline, and this document's text isn't saved on this device yet. It is saved once you open it online.",
  gone: 'This document is no longer in the Knowledge Base. It may have been deleted, or it belongs to another space.',
  failed: 'The document could not be loaded. Check your connection and try again.',
} as const;

function covers(body: DocumentTextDto | undefined, passage: number | null): boolean {
  if (!body) return false;
  return passage === null || (passage >= body.first_ordinal && passage <= body.last_ordinal);
}

export function usePreviewText(documentId: string, passage: number | null, spaceId: string | null): PreviewText {
  const online = useOnline();
  const saved = useLiveQuery(() => db.documentTexts.get(documentId), [documentId]);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; loading: boolean; problem: PreviewProblem | null; fresh?: DocumentTextDto }>({ key: '', loading: true, problem: null });
  const key = `${documentId}:${passage ?? ''}:${attempt}:${online}`;

  useEffect(() => {
    // Offline, the saved copy is all there is (a state for another key reads as "not loading").
    if (!spaceId || !online) return undefined;
    const controller = new AbortController();
    previewApi
      .text(documentId, passage ?? 0, controller.signal)
      .then(async (body) => {
        setState({ key, loading: false, problem: null, fresh: body });
        await saveDocumentText({ documentId, spaceId, body, openedAt: Date.now() });
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          await forgetDocumentText(documentId);
          setState({ key, loading: false, problem: { kind: 'gone' } });
        } else if (error instanceof ApiError && error.status === 409) {
          setState({ key, loading: false, problem: { kind: 'not-ready', message: error.message } });
        } else if (error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR')) {
          setState({ key, loading: false, problem: { kind: 'offline' } });
        } else {
          setState({ key, loading: false, problem: { kind: 'failed', message: error instanceof Error ? error.message : PREVIEW_TEXTS.failed } });
        }
      });
    return () => controller.abort();
  }, [documentId, passage, spaceId, online, key]);

  const current = state.key === key ? state : { loading: online && spaceId !== null, problem: null as PreviewProblem | null, fresh: undefined };
  const body = current.fresh ?? saved?.body;
  const unreachable = !online || current.problem?.kind === 'offline';
  // Unreachable: the saved copy shows if it holds the passage asked for; otherwise say why not.
  const problem: PreviewProblem | null = unreachable ? (covers(body, passage) ? null : { kind: 'offline' }) : current.problem;
  return {
    body: current.problem?.kind === 'gone' ? undefined : body,
    loading: current.loading && !body,
    problem,
    fromDevice: unreachable && Boolean(body),
    retry: () => setAttempt((value) => value + 1),
  };
}
