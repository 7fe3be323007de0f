/** What a send takes and how it ends: shared by the send (send-message.ts) and the outbox, which sends its messages later. */
import type { AcceptedMessage } from '../../../contract/agents';
import type { ChatMode } from '../../../contract/chat';
import { newChatKey } from '../chat.store';

export interface SendInput {
  slug: string;
  sessionId: string | null;
  text: string;
  mode: ChatMode;
  /** The message it follows: the end of the branch on screen (absent: the chat's newest message). */
  parentId?: string | null;
  /** A new version of this user message (an edit); `parentId` is then what the edited one follows. */
  editsMessageId?: string;
  /** Documents chosen in the message box (context/composer-context.store.ts): spec 001 §7's two lists. */
  referencedDocumentIds?: string[];
  brandDocumentIds?: string[];
  /** Creative assets attached to the message (the agent reads them). */
  assetIds?: string[];
}

/** Accepted by the server, or kept in the outbox to be sent when the connection returns. */
export type SendOutcome = { kind: 'accepted'; accepted: AcceptedMessage } | { kind: 'queued'; id: string };

/** The chat's key in the live state (chat.store.ts): its session, or `new:<slug>` before it has one. */
export const chatKeyOf = (input: SendInput): string => input.sessionId ?? newChatKey(input.slug);

/** The send got no answer at all (no connection): the outbox keeps it. Its request may have reached the server. */
export class SendUnanswered extends Error {
  override name = 'SendUnanswered';
}

/** A send (or a rating, a regeneration) refused, with the user-facing message to show. */
export class ChatSendError extends Error {
  override name = 'ChatSendError';
  /** The server's status when it refused (409: the chat is busy with a reply). */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}
