/** "Export" in a chat's header: the conversation as a Markdown file or a Word document. */
import { Button } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { DownloadIcon } from '@radix-ui/react-icons';
import type { ChatForExport } from '../lib/export-labels';
import { useWholeChatExport } from './useWholeChatExport';

interface ExportMenuProps {
  chat: ChatForExport;
  sessionId: string;
  /** The chat on screen is the whole chat; otherwise its earlier pages are read first. */
  whole: boolean;
}

export function ExportMenu({ chat, sessionId, whole }: ExportMenuProps) {
  const { exportAs, preparing } = useWholeChatExport(chat, sessionId, whole);
  const empty = chat.messages.length === 0;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={empty}>
        <Button variant="ghost" size="1" loading={preparing} className="chat-header__export" aria-label="Export">
          <DownloadIcon aria-hidden="true" /> <span className="chat-header__label">Export</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={() => void exportAs('markdown')}>Markdown (.md)</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => void exportAs('word')}>Word (.docx)</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
