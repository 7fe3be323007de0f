/**
 * Phones: the chat header's actions in one ⋯ menu (the desktop shows them as buttons): the chat's
 * whole title on top (a long one is clamped to two lines in the header), Share, the two exports,
 * New chat and All chats.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IconButton } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { DotsHorizontalIcon } from '@radix-ui/react-icons';
import type { SessionRow } from '../../../db';
import type { ChatForExport } from '../lib/export-labels';
import { ShareDialogWhenOpen } from '../share/LazyShareDialog';
import { useWholeChatExport } from './useWholeChatExport';

interface ChatActionsMenuProps {
  session: SessionRow | null | undefined;
  chat: ChatForExport;
  sessionId: string;
  /** The chat on screen is the whole chat; otherwise an export reads its earlier pages first. */
  whole: boolean;
  slug: string;
  /** A reply is on its way: a new chat waits (spec 001 §4). */
  locked: boolean;
}

export function ChatActionsMenu({ session, chat, sessionId, whole, slug, locked }: ChatActionsMenuProps) {
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  const { exportAs, preparing } = useWholeChatExport(chat, sessionId, whole);
  const empty = chat.messages.length === 0 || preparing;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton variant="ghost" color="gray" className="chat-header__more" aria-label="Chat actions">
            <DotsHorizontalIcon width={18} height={18} />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end" className="chat-actions-menu">
          <DropdownMenu.Label className="chat-actions-menu__title">{chat.title}</DropdownMenu.Label>
          {session ? <DropdownMenu.Item onSelect={() => setSharing(true)}>Share chat…</DropdownMenu.Item> : null}
          <DropdownMenu.Item disabled={empty} onSelect={() => void exportAs('markdown')}>
            Export as Markdown (.md)
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={empty} onSelect={() => void exportAs('word')}>
            Export as Word (.docx)
          </DropdownMenu.Item>
          <DropdownMenu.Separator />
          <DropdownMenu.Item disabled={locked} onSelect={() => navigate(`/agents/${encodeURIComponent(slug)}`)}>
            New chat
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => navigate('/agents/history')}>All chats</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {session ? <ShareDialogWhenOpen session={session} open={sharing} onOpenChange={setSharing} /> : null}
    </>
  );
}
