/**
 * The one line beside a chat's message box: one message per situation. A failure that only says
 * the connection is gone is left out while a message waits in the outbox (its bubble already says
 * it will be sent when the connection returns) and while offline (the offline banner says so):
 * otherwise a reload offline showed "Network error…" in red beside "Waiting to send".
 */
import { AGENT_TEXT } from './messages';

const CONNECTION_FAILURES: ReadonlySet<string> = new Set([AGENT_TEXT.network, AGENT_TEXT.timeout]);

export interface ChatNoticeContext {
  /** A message of this chat waits in the outbox (not refused). */
  waiting: boolean;
  online: boolean;
}

export function chatNotice(error: string | null | undefined, { waiting, online }: ChatNoticeContext): string | null {
  if (!error) return null;
  if (CONNECTION_FAILURES.has(error) && (waiting || !online)) return null;
  return error;
}
