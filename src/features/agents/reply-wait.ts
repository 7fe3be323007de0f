/**
 * Waiting for a reply: the stream first (text on screen as it is written), the long poll when the
 * stream cannot be had or breaks (spec 001 §4, §9: the poll's phases and maximum wait still apply,
 * counted from the send). Either way the reply's own wait limit ends the wait.
 */
import type { ChatMessageDto } from '../../contract/agents';
import { maxWaitMinutes, type PollPhaseName } from './lib/chat-rules';
import { pollForReply, type PollOutcome } from './reply-poller';
import { followReplyStream, type EarlyStream } from './reply-stream';

export interface WaitOptions {
  sessionId: string;
  slug: string;
  sentAt: number;
  /** For the poll: messages newer than this are news. */
  since: string;
  signal: AbortSignal;
  onPhase: (phase: PollPhaseName) => void;
  onText: (text: string) => void;
  onMessages: (messages: ChatMessageDto[]) => Promise<void> | void;
  /** The stream, when it was asked for with the send. */
  early?: EarlyStream;
}

export async function waitForReply(options: WaitOptions): Promise<PollOutcome> {
  const minutes = maxWaitMinutes(options.slug);
  const left = options.sentAt + minutes * 60_000 - Date.now();
  if (left <= 0) {
    options.early?.abort();
    return { kind: 'timeout', minutes };
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), left);
  try {
    const streamed = await followReplyStream({
      sessionId: options.sessionId,
      signal: AbortSignal.any([options.signal, deadline.signal]),
      onText: options.onText,
      ...(options.early ? { early: options.early } : {}),
    });
    if (deadline.signal.aborted && !options.signal.aborted) return { kind: 'timeout', minutes };
    if (streamed?.kind === 'reply') await options.onMessages([streamed.reply]);
    if (streamed) return streamed;
  } finally {
    clearTimeout(timer);
  }
  // No stream, or it broke: the long poll delivers the same final message.
  return pollForReply({
    sessionId: options.sessionId,
    slug: options.slug,
    sentAt: options.sentAt,
    since: options.since,
    signal: options.signal,
    onPhase: options.onPhase,
    onMessages: options.onMessages,
  });
}
