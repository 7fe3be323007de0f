import { UploadIcon } from '@radix-ui/react-icons';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useRef, useState, type DragEvent } from 'react';

/** What the file picker offers; the server decides for real (and resolves generic types). */
export const ACCEPTED_FILES = '.pdf,.docx,.txt,.md,.markdown,.csv,.html,.htm,.json,application/pdf,text/plain,text/markdown,text/csv,text/html,application/json';

interface UploadDropzoneProps {
  onFiles(files: File[]): void;
  disabled?: boolean;
}

/** Drop files here, or choose them; both end in `onFiles`. */
export function UploadDropzone({ onFiles, disabled = false }: UploadDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <Flex
      className={over ? 'kb-dropzone kb-dropzone--over' : 'kb-dropzone'}
      direction="column"
      align="center"
      justify="center"
      gap="2"
      data-testid="kb-dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Flex className="kb-dropzone__icon" align="center" justify="center" aria-hidden="true">
        <UploadIcon width={20} height={20} />
      </Flex>
      <Text size="3" weight="medium" align="center">
        Drop files here to add them to your knowledge base
      </Text>
      <Text size="2" color="gray" align="center">
        PDF, Word (.docx), text, Markdown, CSV, HTML or JSON
      </Text>
      <Button variant="soft" mt="2" disabled={disabled} onClick={() => input.current?.click()}>
        Choose files
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
    </Flex>
  );
}
