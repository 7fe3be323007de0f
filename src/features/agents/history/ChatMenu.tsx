/**
 * The ⋯ menu of a chat in the history: rename, pin or unpin, delete (with an Undo toast). Every
 * change needs the server: offline, or where the user may not rename or delete, the items are
 * disabled and the menu says why.
 */
import { useState } from 'react';
import { IconButton, Text } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { DotsHorizontalIcon, DrawingPinFilledIcon, DrawingPinIcon, Link2Icon, Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { authState } from '../../../session';
import { useOnline, NETWORK_REQUIRED_MESSAGE } from '../../../pwa';
import { manageChatBlockedReason } from '../../../contract/chat-history';
import type { SessionRow } from '../../../db';
import { deleteChat, forgetDeletedChat, renameChat, restoreChat, setChatPinned } from './history.store';
import { RenameDialog } from './RenameDialog';
import { ShareDialogWhenOpen } from '../share/LazyShareDialog';

/** How long the Undo stays on screen (the server keeps a deleted chat restorable for longer). */
export const UNDO_TOAST_MS = 10_000;

interface ChatMenuProps {
  session: SessionRow;
  /** Called once the chat is deleted (e.g. to leave its screen). */
  onDeleted?: (sessionId: string) => void;
}

export function ChatMenu({ session, onDeleted }: ChatMenuProps) {
  const { user } = useSnapshot(authState);
  const online = useOnline();
  const [renaming, setRenaming] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Rows saved before the history existed do not say who started the chat: the server decides then.
  const blocked = user && session.startedBy !== undefined ? manageChatBlockedReason({ id: user.id, role: user.role }, session.startedBy) : null;
  const why = online ? blocked : NETWORK_REQUIRED_MESSAGE;

  const togglePin = () => {
    void setChatPinned(session.id, !session.pinned).catch((error: Error) => toast.error(error.message));
  };

  const remove = async () => {
    try {
      await deleteChat(session.id);
    } catch (error) {
      toast.error((error as Error).message);
      return;
    }
    onDeleted?.(session.id);
    const forget = () => void forgetDeletedChat(session.id);
    toast(`Deleted “${session.title}”`, {
      duration: UNDO_TOAST_MS,
      onAutoClose: forget,
      onDismiss: forget,
      action: {
        label: 'Undo',
        onClick: () => {
          void restoreChat(session.id)
            .then(() => toast.success('Chat restored'))
            .catch((error: Error) => toast.error(error.message));
        },
      },
    });
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton variant="ghost" color="gray" size="1" aria-label={`Actions for ${session.title}`} className="history-item__menu">
            <DotsHorizontalIcon />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item disabled={!online || Boolean(blocked)} onSelect={() => setRenaming(true)}>
            <Pencil1Icon /> Rename…
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={!online} onSelect={togglePin}>
            {session.pinned ? <DrawingPinFilledIcon /> : <DrawingPinIcon />} {session.pinned ? 'Unpin' : 'Pin'}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => setSharing(true)}>
            <Link2Icon /> Share…
          </DropdownMenu.Item>
          <DropdownMenu.Separator />
          <DropdownMenu.Item color="red" disabled={!online || Boolean(blocked)} onSelect={() => void remove()}>
            <TrashIcon /> Delete
          </DropdownMenu.Item>
          {why ? (
            <Text as="p" size="1" color="gray" className="history-item__why">
              {why}
            </Text>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <RenameDialog title={session.title} open={renaming} onOpenChange={setRenaming} onRename={(title) => renameChat(session.id, title)} />
      <ShareDialogWhenOpen session={session} open={sharing} onOpenChange={setSharing} />
    </>
  );
}
