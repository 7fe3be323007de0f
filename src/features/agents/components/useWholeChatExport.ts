/**
 * A chat's exports are of the whole chat. A long chat is read in pages (chat-pages.ts), so the
 * device may hold only its newest part: the earlier pages are read first (the export button shows
 * it is working meanwhile), and the file is made once the screen holds the whole chat.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { loadWholeChat } from '../agents.store';
import { downloadMarkdown, downloadWord } from '../lib/chat-export';
import type { ChatForExport } from '../lib/export-labels';

export type ExportFormat = 'markdown' | 'word';

export const WHOLE_CHAT_UNREAD = 'Could not read the whole chat for the export. Check your connection and try again.';
export const WORD_EXPORT_FAILED = 'Could not build the Word document. Check your connection and try again, or export to Markdown.';

/** The chat as a Word document; a failure is said in a toast. */
async function exportWord(chat: ChatForExport): Promise<void> {
  try {
    await downloadWord(chat);
  } catch {
    // The Word library is downloaded on first use: offline before it was ever fetched, it cannot be.
    toast.error(WORD_EXPORT_FAILED);
  }
}

async function make(format: ExportFormat, chat: ChatForExport): Promise<void> {
  if (format === 'markdown') downloadMarkdown(chat);
  else await exportWord(chat);
}

/**
 * `whole`: the chat on screen is the whole chat (no earlier pages unread, and the branch starts at
 * the chat's first message). The export asked for waits until it is, then uses the chat as it is then.
 */
export function useWholeChatExport(chat: ChatForExport, sessionId: string, whole: boolean) {
  // The export asked for while the earlier pages are read: made on the render that holds the whole chat.
  const waiting = useRef<ExportFormat | null>(null);
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    const format = waiting.current;
    if (format === null || !whole) return;
    waiting.current = null;
    void make(format, chat).finally(() => setPreparing(false));
  }, [whole, chat]);

  const exportAs = async (format: ExportFormat) => {
    setPreparing(true);
    if (whole) {
      await make(format, chat);
      setPreparing(false);
      return;
    }
    waiting.current = format;
    if (!(await loadWholeChat(sessionId))) {
      waiting.current = null;
      setPreparing(false);
      toast.error(WHOLE_CHAT_UNREAD);
    }
  };
  return { exportAs, preparing };
}
