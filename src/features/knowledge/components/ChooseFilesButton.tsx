import { Button } from '@radix-ui/themes';
import { UploadIcon } from '@radix-ui/react-icons';
import { useFilePicker } from '../../../ui/useFilePicker';

/** What the file picker offers; the server decides for real (and resolves generic types). */
export const ACCEPTED_FILES = '.pdf,.docx,.txt,.md,.markdown,.csv,.html,.htm,.json,application/pdf,text/plain,text/markdown,text/csv,text/html,application/json';

interface ChooseFilesButtonProps {
  onFiles(files: File[]): void;
  disabled?: boolean;
  label?: string;
  variant?: 'soft' | 'solid';
}

/** A button that opens the browser's file picker for knowledge documents (the dropzone's, and the empty list's). */
export function ChooseFilesButton({ onFiles, disabled = false, label = 'Choose files', variant = 'soft' }: ChooseFilesButtonProps) {
  const picker = useFilePicker({ accept: ACCEPTED_FILES, label: 'Choose files to upload', onFiles });
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={picker.open}>
        {variant === 'solid' ? <UploadIcon /> : null}
        {label}
      </Button>
      {picker.input}
    </>
  );
}
