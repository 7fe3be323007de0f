import { Button } from '@radix-ui/themes';
import { UploadIcon } from '@radix-ui/react-icons';
import { useRef } from 'react';

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
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => input.current?.click()}>
        {variant === 'solid' ? <UploadIcon /> : null}
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPTED_FILES}
        aria-label="Choose files to upload"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
