/**
 * The live state of each chat while a message is sent and its reply awaited (spec 001 §4 "Chat
 * send"): sending or waiting, the poll's phase, the reply as streamed so far, the error beside the
 * message box. Messages themselves live in Dexie. The screens read it; a send
 * (send/send-message.ts), the wait for the reply (chat-waiting.ts), Stop and cancel
 * (reply-controls.ts) and regenerate (versions/regenerate.ts) change it.
 */
import { proxy } from 'valtio';
import { onSessionReset, onSpaceSwitch } from '../../session';
import type { PollPhaseName } from './lib/chat-rules';

export type ChatStatus = 'idle' | 'sending' | 'waiting';

export interface ChatLive {
  status: ChatStatus;
  phase: PollPhaseName | null;
  /** Epoch ms of the send (the waiting indicator counts from it). */
  sentAt: number | null;
  error: string | null;
  /** The reply as written so far while it streams; null before its first character and after it. */
  streamText: string | null;
  /** The message being sent, shown at once (before the server answers) on screens without the conversation. */
  pendingText: string | null;
  /**
   * The reply that ended the last wait. Its text stays in `streamText` so the screen can keep it in
   * view until the conversation shows it from the device (the read after the write takes a moment).
   */
  settledReplyId: string | null;
}

/** Sessions are keyed by id; a chat not created yet is keyed `new:<slug>`. */
export const newChatKey = (slug: string) => `new:${slug}`;

export const chatState = proxy<{ sessions: Record<string, ChatLive> }>({ sessions: {} });

const idleChat = (): ChatLive => ({ status: 'idle', phase: null, sentAt: null, error: null, streamText: null, pendingText: null, settledReplyId: null });

/**
 * The live state of a chat, as the store's proxy: `sessions[key] ??= …` would hand back the plain
 * object assigned, whose later changes (streamed text, phase) never reach the screen.
 */
export function live(key: string): ChatLive {
  if (!chatState.sessions[key]) chatState.sessions[key] = idleChat();
  return chatState.sessions[key];
}

/** Spec 001 §4: session changes are blocked while locked, sending or polling. */
export function isLocked(key: string): boolean {
  return (chatState.sessions[key]?.status ?? 'idle') !== 'idle';
}

export function clearChatError(key: string): void {
  if (chatState.sessions[key]) chatState.sessions[key].error = null;
}

/** Another person or space: no chat of the last one is sending or waiting here (chat-waiting.ts stops the waits). */
function forgetChats(): void {
  chatState.sessions = {};
}

onSessionReset(forgetChats);
onSpaceSwitch(forgetChats);
