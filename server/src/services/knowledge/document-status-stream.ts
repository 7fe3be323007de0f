/**
 * The space's document statuses as server-sent events (GET /kb/documents/stream, docs/knowledge.md
 * "Status stream"): one connection follows every document of the space being processed, and says
 * when each changes (processing → ready, or error with its message), with the same document the
 * status endpoint answers. It rides on the chat's mechanism (leased-runs/event-stream.ts): whoever
 * changes a document's status wakes the space's topic, in this process and, on PostgreSQL, in every
 * other one by NOTIFY, and the stream then reads the space's documents again.
 */
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { DOCUMENT_STREAM_EVENTS } from '../../../../src/contract/knowledge';
import type { DbExecutor } from '../../db/database';
import { kbDocuments } from '../../db/schema/index';
import { followTopic, sseEvent, type EventSink, type FollowDeps } from '../leased-runs/event-stream';
import type { RunWaker } from '../leased-runs/waker';
import { toDocumentView, type DocumentView } from './documents.service';

/** The waker's key for a space's documents (chat sessions use their id, Agent Mode `agent-mode:`, so none meet). */
export const documentsTopic = (spaceId: string): string => `kb-documents:${spaceId}`;

/** Wakes the space's status streams, here and in other processes; never throws (the waker logs a failed NOTIFY). */
export const announceDocumentChange = (waker: RunWaker, spaceId: string): Promise<void> => waker.wake(documentsTopic(spaceId));

export interface DocumentStreamDeps extends FollowDeps {
  db: DbExecutor;
}

/**
 * Besides the documents in processing, each look reads those changed this recently, so a document
 * that finished between two looks (or just before the stream opened) is still told. Looks come at
 * least every keep-alive (15 s), so this leaves ample room for a slow commit or a process whose
 * clock is a little off (a document's `updated_at` is written by the process that finished it).
 */
const RECENT_SECONDS = 60;

const isFinal = (view: DocumentView) => view.status === 'ready' || view.status === 'error';

/** What the screen shows of a document; `updated_at` alone moves when a worker claims it or the sweep stamps it. */
const shown = ({ updated_at: _updatedAt, ...view }: DocumentView) => JSON.stringify(view);

/**
 * Follows the space's documents until the client leaves or the app closes (the client then polls).
 * The first look sends every document in processing or changed in the last minute; later looks send
 * a document whenever what the screen shows of it changed, and `gone` when one followed in
 * processing was deleted. A document committed meanwhile is processing, so the look its commit wakes
 * finds it. Only documents of `spaceId` are ever read.
 */
export async function streamDocumentStatus(deps: DocumentStreamDeps, spaceId: string, write: EventSink, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  /** Document id → what was last sent of it on this connection, and whether that was final. */
  const sent = new Map<string, { shown: string; final: boolean }>();
  // The headers go out with the first bytes: a space with nothing to tell must not leave the client waiting for them.
  write(': following the space\'s documents\n\n');
  await followTopic(
    deps,
    documentsTopic(spaceId),
    write,
    signal,
    async () => {
      const unfinished = [...sent].filter(([, last]) => !last.final).map(([id]) => id);
      const watched = or(
        eq(kbDocuments.status, 'processing'),
        gt(kbDocuments.updatedAt, sql`now() - make_interval(secs => ${RECENT_SECONDS})`),
        ...(unfinished.length > 0 ? [inArray(kbDocuments.id, unfinished)] : []),
      );
      const rows = await db.select().from(kbDocuments).where(and(eq(kbDocuments.spaceId, spaceId), watched));
      if (signal.aborted) return 'done';
      const found = new Set<string>();
      for (const row of rows) {
        const view = toDocumentView(row);
        found.add(view.id);
        const now = shown(view);
        if (sent.get(view.id)?.shown === now) continue;
        write(sseEvent(DOCUMENT_STREAM_EVENTS.document, view));
        sent.set(view.id, { shown: now, final: isFinal(view) });
      }
      for (const [id, last] of sent) {
        if (found.has(id)) continue;
        // Followed in processing and not found: deleted. A finished one merely aged out of the window.
        if (!last.final) write(sseEvent(DOCUMENT_STREAM_EVENTS.gone, { id }));
        sent.delete(id);
      }
      return 'more';
    },
    // Nothing here is text in the hub: every wake reads the database.
    () => false,
  );
}
