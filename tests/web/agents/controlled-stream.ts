import { writableEventStream } from '../app/support/event-stream';

/** A reply stream (GET …/stream) the test writes into, event by event, as the server would. */
export function controlledStream(runId = 'run-1') {
  const { body, send, end, breakOff } = writableEventStream();
  return {
    body,
    delta: (text: string) => send('delta', { run_id: runId, text }),
    done: (data: unknown) => {
      send('done', data);
      end();
    },
    breakOff,
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
