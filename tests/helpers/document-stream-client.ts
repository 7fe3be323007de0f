/** Reads a space's document status stream over real HTTP (the app must listen): docs/knowledge.md "Status stream". */
import { get, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { KnowledgeDocument } from '../../src/contract/knowledge';
import { readServerSentEvents } from '../../src/lib/sse';
import { API, authHeaders } from './server';
import { until } from './wait-until';

export interface DocumentStreamReader {
  /** Every `document` event so far, in order. */
  documents(): KnowledgeDocument[];
  /** Ids of the `gone` events so far. */
  gone(): string[];
  /** The server ended it. */
  ended(): boolean;
  /** Resolves with the document's event once one says `status`. */
  untilStatus(id: string, status: KnowledgeDocument['status']): Promise<KnowledgeDocument>;
  close(): void;
}

/**
 * Reads over node:http rather than fetch: closing an undici fetch leaves its socket open, and a
 * server on PostgreSQL then waits out its 72-second keep-alive before it can close.
 */
export async function openDocumentStream(baseUrl: string, caller: { token: string; spaceId: string }): Promise<DocumentStreamReader> {
  const request = get(`${baseUrl}${API}/kb/documents/stream`, { headers: authHeaders(caller.token, caller.spaceId) });
  const response = await new Promise<IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
  if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
  if (!String(response.headers['content-type']).includes('text/event-stream')) throw new Error(`stream answered ${response.headers['content-type']}`);
  if (response.headers['cache-control'] !== 'no-store, no-transform') throw new Error(`stream may be stored: ${response.headers['cache-control']}`);
  const documents: KnowledgeDocument[] = [];
  const gone: string[] = [];
  let ended = false;
  void (async () => {
    try {
      for await (const event of readServerSentEvents(Readable.toWeb(response) as ReadableStream<Uint8Array>)) {
        if (event.event === 'document') documents.push(JSON.parse(event.data) as KnowledgeDocument);
        else if (event.event === 'gone') gone.push((JSON.parse(event.data) as { id: string }).id);
      }
    } catch {
      // Closed by the test.
    } finally {
      ended = true;
    }
  })();
  return {
    documents: () => documents,
    gone: () => gone,
    ended: () => ended,
    async untilStatus(id, status) {
      const find = () => documents.find((document) => document.id === id && document.status === status);
      await until(`document ${id} ${status} on the stream`, () => find() !== undefined || ended, 60_000);
      const found = find();
      if (!found) throw new Error(`the stream ended before document ${id} was ${status}`);
      return found;
    },
    close: () => request.destroy(),
  };
}
