/**
 * Phones: the list of chats, reachable from the chat itself — a "Chats" button in the chat's
 * header opens it in a drawer over the conversation (the desktop shows it as a side column).
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Dialog, IconButton, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import { Cross2Icon, ListBulletIcon } from '@radix-ui/react-icons';
import { ChatListPanel, type ChatListPanelProps } from './ChatListPanel';

export function ChatsDrawer(props: ChatListPanelProps) {
  const [open, setOpen] = useState(false);
  // A chat (or New chat) chosen in the drawer navigates: the drawer closes on the way.
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState(key);
  if (key !== openedAt) {
    setOpenedAt(key);
    setOpen(false);
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Tooltip content="Chats">
        <Dialog.Trigger>
          <IconButton variant="ghost" color="gray" className="chat-header__chats" aria-label="Chats">
            <ListBulletIcon width={18} height={18} />
          </IconButton>
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Content className="chats-drawer" aria-describedby={undefined}>
        <VisuallyHidden>
          <Dialog.Title>Chats</Dialog.Title>
        </VisuallyHidden>
        <Dialog.Close>
          <IconButton variant="ghost" color="gray" className="chats-drawer__close" aria-label="Close chats">
            <Cross2Icon />
          </IconButton>
        </Dialog.Close>
        <ChatListPanel {...props} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
