/**
 * The paperclip in the message box: chooses files from the computer to attach (attachments.store.ts).
 * Offline it is disabled and says why (uploading needs the server).
 */
import { useRef } from 'react';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { NetworkRequiredTooltip } from '../../../pwa';
import { ACCEPTED_FILES } from '../../knowledge/components/ChooseFilesButton';
import { PaperclipIcon } from './PaperclipIcon';

export const ATTACH_LABEL = 'Attach files from your computer';

export function AttachFileButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <NetworkRequiredTooltip>
      {({ disabled: offline }) => (
        <>
          <Tooltip content={offline ? null : 'Attach files'} open={offline ? false : undefined}>
            <IconButton type="button" variant="soft" color="gray" disabled={disabled || offline} aria-label={ATTACH_LABEL} className="composer__file" onClick={() => input.current?.click()}>
              <PaperclipIcon />
            </IconButton>
          </Tooltip>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ACCEPTED_FILES}
            aria-label="Choose files to attach"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Reset so choosing the same file again still fires a change.
              event.target.value = '';
              if (files.length > 0) onFiles(files);
            }}
          />
        </>
      )}
    </NetworkRequiredTooltip>
  );
}
