/**
 * The Share dialog's code loads when it is first opened (a chat screen opens without it), and
 * the chat header's Share button that opens it.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { Link2Icon } from '@radix-ui/react-icons';
import { lazyScreen } from '../../../ui/lazy-screen';
import type { ShareDialogProps } from './ShareDialog';

export const LazyShareDialog = lazyScreen<ShareDialogProps>(() => import('./ShareDialog').then((module) => ({ default: module.ShareDialog })), null);

/** Mounted only while open, so closed chats in the history never load or render it. */
export function ShareDialogWhenOpen(props: ShareDialogProps) {
  return props.open ? <LazyShareDialog {...props} /> : null;
}

/** The chat header's Share button (the ⋯ menu of the history opens the same dialog). */
export function ShareButton({ session }: { session: ShareDialogProps['session'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content="Share a read-only link">
        <IconButton variant="ghost" color="gray" aria-label="Share chat" onClick={() => setOpen(true)} className="chat-header__share">
          <Link2Icon />
        </IconButton>
      </Tooltip>
      <ShareDialogWhenOpen session={session} open={open} onOpenChange={setOpen} />
    </>
  );
}
