/**
 * How an exported chat names who wrote each message and when: shared by the Markdown export
 * (chat-export.ts) and the Word one (chat-docx.ts, loaded only when asked for).
 */
import type { MessageRow } from '../../../db';
import { formatDateTime } from '../../../contract/format';

export interface ChatForExport {
  title: string;
  agentName: string;
  messages: readonly (Pick<MessageRow, 'role' | 'content' | 'createdAt'> & Partial<Pick<MessageRow, 'citations'>>)[];
}

/** Day, month, year and time, never relative: an exported file is read later and elsewhere. */
export function exportStamp(iso: string): string {
  return formatDateTime(iso);
}

export function speaker(chat: ChatForExport, role: MessageRow['role']): string {
  return role === 'user' ? 'You' : chat.agentName;
}
