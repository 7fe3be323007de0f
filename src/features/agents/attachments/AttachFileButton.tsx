/**
 * The paperclip in the message box: chooses files from the computer to attach (attachments.store.ts).
 * Offline it is disabled and says why (uploading needs the server).
 */
import { IconButton, Tooltip } from '@radix-ui/themes';
import { NetworkRequiredTooltip } from '../../../pwa';
import { useFilePicker } from '../../../ui/useFilePicker';
import { ASSET_FILE_TYPES } from '../../../contract/asset-types';
import { ACCEPTED_FILES } from '../../knowledge/components/ChooseFilesButton';
import { PaperclipIcon } from './PaperclipIcon';

export const ATTACH_LABEL = 'Attach files from your computer';

/** Documents for the knowledge base, and images for Creative Assets (send-image-asset.ts). */
const ATTACHABLE = [ACCEPTED_FILES, ...ASSET_FILE_TYPES.filter((type) => type.kind === 'image').flatMap((type) => [type.mime, ...type.extensions.map((extension) => `.${extension}`)])].join(',');

export function AttachFileButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const picker = useFilePicker({ accept: ATTACHABLE, label: 'Choose files to attach', onFiles });
  return (
    <NetworkRequiredTooltip>
      {({ disabled: offline }) => (
        <>
          <Tooltip content={offline ? null : 'Attach files'} open={offline ? false : undefined}>
            <IconButton type="button" variant="soft" color="gray" disabled={disabled || offline} aria-label={ATTACH_LABEL} className="composer__file" onClick={picker.open}>
              <PaperclipIcon />
            </IconButton>
          </Tooltip>
          {picker.input}
        </>
      )}
    </NetworkRequiredTooltip>
  );
}
