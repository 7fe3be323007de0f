/** "Export" in a chat's header: the conversation as a Markdown file or a Word document. */
import { useState } from 'react';
import { Button } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { DownloadIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { downloadMarkdown, downloadWord } from '../lib/chat-export';
import type { ChatForExport } from '../lib/export-labels';

export const WORD_EXPORT_FAILED = 'Could not build the Word document. Check your connection and try again, or export to Markdown.';

/** The chat as a Word document; a failure is said in a toast. */
export async function exportWord(chat: ChatForExport): Promise<void> {
  try {
    await downloadWord(chat);
  } catch {
    // The Word library is downloaded on first use: offline before it was ever fetched, it cannot be.
    toast.error(WORD_EXPORT_FAILED);
  }
}

export function ExportMenu({ chat }: { chat: ChatForExport }) {
  const [preparing, setPreparing] = useState(false);
  const empty = chat.messages.length === 0;

  const toWord = async () => {
    setPreparing(true);
    await exportWord(chat);
    setPreparing(false);
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={empty}>
        <Button variant="ghost" size="1" loading={preparing} className="chat-header__export" aria-label="Export">
          <DownloadIcon aria-hidden="true" /> <span className="chat-header__label">Export</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={() => downloadMarkdown(chat)}>Markdown (.md)</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => void toWord()}>Word (.docx)</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
