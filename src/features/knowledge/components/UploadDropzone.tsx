import { UploadIcon } from '@radix-ui/react-icons';
import { Flex, Text } from '@radix-ui/themes';
import { useState, type DragEvent } from 'react';
import { ChooseFilesButton } from './ChooseFilesButton';


interface UploadDropzoneProps {
  onFiles(files: File[]): void;
  disabled?: boolean;
}

/** Drop files here, or choose them; both end in `onFiles`. */
export function UploadDropzone({ onFiles, disabled = false }: UploadDropzoneProps) {
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
      <Flex mt="2">
        <ChooseFilesButton onFiles={onFiles} disabled={disabled} />
      </Flex>
    </Flex>
  );
}
