/**
 * A server-sent event stream the test writes into, event by event, as the server would: the
 * `body` a fake backend answers with, then `send` each event, `end` it, or `breakOff` as a dropped
 * connection does. The chat, Agent Mode and Knowledge Base fakes name their events on top of it.
 */
export function writableEventStream() {
  let sink!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (sink = controller) });
  const encoder = new TextEncoder();
  return {
    body,
    send: (event: string, data: unknown) => sink.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => sink.close(),
    breakOff: () => sink.error(new TypeError('network error')),
  };
}
