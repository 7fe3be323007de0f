/**
 * A chat's reply has arrived (chat-waiting.ts): the service worker's copy of the chat is brought up
 * to date, and a person looking elsewhere is told (a browser notification, opt-in: src/pwa).
 */
import type { ChatMessageDto } from '../../contract/agents';
import { notifyReplyArrived } from '../../pwa/notifications';
import { agentsApi } from './agents.api';
import { agentNamed } from './agents.store';

export function replyArrived(sessionId: string, slug: string, reply: ChatMessageDto): void {
  // Ask for the chat once more, only so the service worker keeps a copy with the reply: the one
  // it held was taken while the reply was still being written, and a reload offline would show
  // the run still going and put that older list back. The device already has the reply saved.
  void agentsApi.sessionMessages(sessionId).catch(() => undefined);
  void notifyReplyArrived({
    sessionId,
    agentName: agentNamed(slug)?.name ?? slug,
    url: `/agents/${encodeURIComponent(slug)}/chat/${encodeURIComponent(sessionId)}`,
    preview: reply.content,
  }).catch(() => undefined);
}
