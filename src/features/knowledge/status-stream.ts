/**
 * Document statuses pushed by the server (GET /kb/documents/stream, docs/knowledge.md "Status
 * stream"): one connection for the space while this tab watches documents being processed. Each
 * `document` event is handed on as the status endpoint's answer would be; the poll leaves a
 * document the open stream has told alone (`covers`). When the stream is refused, breaks, ends,
 * or cannot be read here, nothing is covered any more and the poll's own schedule checks again.
 */
import { DOCUMENT_STREAM_EVENTS, KB_DOCUMENT_STATUSES, type DocumentGone, type KnowledgeDocument } from '../../contract/knowledge';
import { describeError, logger } from '../../lib/logger';
import { readServerSentEvents } from '../../lib/sse';

export interface StatusStreamDeps {
  open(signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  onDocument(document: KnowledgeDocument): void;
  /** Whether opening failed because this server will not stream (not worth asking again until the space changes). */
  isRefusal(error: unknown): boolean;
}

function isDocument(value: unknown): value is KnowledgeDocument {
  const candidate = value as Partial<KnowledgeDocument> | null;
  return typeof candidate?.id === 'string' && KB_DOCUMENT_STATUSES.includes(candidate.status as KnowledgeDocument['status']);
}

export class StatusStream {
  private controller: AbortController | null = null;
  private connected = false;
  private refused = false;
  /** The latest status the open connection told, per document. */
  private readonly told = new Map<string, KnowledgeDocument>();

  constructor(private readonly deps: StatusStreamDeps) {}

  /** Open and reading. */
  get live(): boolean {
    return this.connected;
  }

  /** The open stream has told this document's status, so it will tell its next one. */
  covers(id: string): boolean {
    return this.connected && this.told.has(id);
  }

  /** What the open stream last told of a document (it may come before the commit's answer). */
  latest(id: string): KnowledgeDocument | undefined {
    return this.told.get(id);
  }

  /** Opens the stream unless it is open or opening, the server refused it, or this browser cannot read one. */
  start(): void {
    if (this.controller || this.refused || typeof ReadableStream === 'undefined') return;
    const controller = new AbortController();
    this.controller = controller;
    void this.follow(controller);
  }

  /** Closes it (nothing left to watch). */
  stop(): void {
    this.controller?.abort();
    this.ended(this.controller);
  }

  /** A space switch or sign-out: closed, and a refusal forgotten (the next space or session may stream). */
  reset(): void {
    this.stop();
    this.refused = false;
  }

  private ended(controller: AbortController | null): void {
    if (!controller || this.controller !== controller) return;
    this.controller = null;
    this.connected = false;
    this.told.clear();
  }

  private async follow(controller: AbortController): Promise<void> {
    try {
      const body = await this.deps.open(controller.signal);
      if (controller.signal.aborted) return;
      this.connected = true;
      for await (const event of readServerSentEvents(body)) {
        if (controller.signal.aborted) return;
        const data: unknown = JSON.parse(event.data);
        if (event.event === DOCUMENT_STREAM_EVENTS.document && isDocument(data)) {
          this.told.set(data.id, data);
          this.deps.onDocument(data);
        } else if (event.event === DOCUMENT_STREAM_EVENTS.gone) {
          // Deleted: the poll checks it again and its answer (404) does what it always did.
          this.told.delete((data as DocumentGone).id);
        }
      }
      if (!controller.signal.aborted) logger.info('Document status stream ended; polling instead');
    } catch (error) {
      if (controller.signal.aborted) return;
      if (this.deps.isRefusal(error)) this.refused = true;
      logger.info('Document status stream failed; polling instead', { error: describeError(error) });
    } finally {
      this.ended(controller);
    }
  }
}
