/**
 * A chat's reply has arrived (chat-waiting.ts): the service worker's copy of the chat is brought up
 * to date, and a person looking elsewhere is told (a browser notification, opt-in: src/pwa).
 */
import type { ChatMessageDto } from '../../contract/agents';
import { notifyReplyArrived } from '../../pwa/notifications';
import { getCurrentSpace } from '../spaces/spaces.store';
import { agentsApi } from './agents.api';
import { agentNamed } from './agents.store';
import { saveSession } from './agents.sync';

export function replyArrived(sessionId: string, slug: string, reply: ChatMessageDto): void {
  // Ask for the chat once more, so the service worker keeps a copy with the reply: the one it held
  // was taken while the reply was still being written, and a reload offline would show the run
  // still going and put that older list back. The device already has the reply saved; what it
  // takes from the answer is the chat's title, which the server names from the first exchange
  // (docs/agents.md "Chat titles") in place of the one this device gave it at the send.
  const spaceId = getCurrentSpace()?.id;
  void agentsApi
    .sessionMessages(sessionId)
    .then(({ session }) => (spaceId ? saveSession(spaceId, session) : undefined))
    .catch(() => undefined);
  void notifyReplyArrived({
    sessionId,
    agentName: agentNamed(slug)?.name ?? slug,
    url: `/agents/${encodeURIComponent(slug)}/chat/${encodeURIComponent(sessionId)}`,
    preview: reply.content,
  }).catch(() => undefined);
}
