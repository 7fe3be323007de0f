/** A reply stream (GET …/stream) the test writes into, event by event, as the server would. */
export function controlledStream(runId = 'run-1') {
  let sink!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (sink = controller) });
  const encoder = new TextEncoder();
  const send = (event: string, data: unknown) => sink.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  return {
    body,
    delta: (text: string) => send('delta', { run_id: runId, text }),
    done: (data: unknown) => {
      send('done', data);
      sink.close();
    },
    breakOff: () => sink.error(new TypeError('network error')),
  };
}

export const runOf = (id: string, status: 'running' | 'succeeded', userMessageId: string, replyId: string | null = null) => ({
  id,
  status,
  error: null,
  user_message_id: userMessageId,
  reply_message_id: replyId,
  mode: 'normal',
  refunded: false,
  updated_at: new Date().toISOString(),
});
