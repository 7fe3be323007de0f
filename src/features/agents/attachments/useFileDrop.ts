/**
 * Drag-and-drop and paste of files onto the message box. Only drags that carry files are taken (a
 * dragged piece of text still drops into the box as text); offline, dropped or pasted files are
 * refused with the reason, as the disabled paperclip says.
 */
import { useState, type ClipboardEvent, type DragEvent } from 'react';
import { toast } from 'sonner';
import { NETWORK_REQUIRED_MESSAGE, useOnline } from '../../../pwa';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function useFileDrop(onFiles: ((files: File[]) => void) | null) {
  const online = useOnline();
  const [over, setOver] = useState(false);
  const take = (files: File[]) => {
    if (!onFiles || files.length === 0) return;
    if (!online) toast.error(NETWORK_REQUIRED_MESSAGE);
    else onFiles(files);
  };
  return {
    over,
    dropProps: {
      onDragOver: (event: DragEvent) => {
        if (!onFiles || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        // Leaving for one of the box's own children is not leaving the box.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        setOver(false);
        if (!onFiles || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        take([...event.dataTransfer.files]);
      },
    },
    onPaste: (event: ClipboardEvent) => {
      const files = [...event.clipboardData.files];
      if (!onFiles || files.length === 0) return;
      event.preventDefault();
      take(files);
    },
  };
}
