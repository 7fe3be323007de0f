/** The library takes files dropped anywhere on it; a highlighted frame says so while dragging. */
import { UploadIcon } from '@radix-ui/react-icons';
import { Flex, Text } from '@radix-ui/themes';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

export function DropArea({ disabled, onFiles, children }: { disabled: boolean; onFiles(files: File[]): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child: count them so the frame does not flicker.
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  return (
    <div
      className="asset-drop"
      data-over={over || undefined}
      onDragEnter={(event) => {
        if (disabled || !carriesFiles(event)) return;
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!disabled && carriesFiles(event)) event.preventDefault();
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (!disabled && files.length > 0) onFiles(files);
      }}
    >
      {children}
      {over ? (
        <Flex className="asset-drop__frame" direction="column" align="center" justify="center" gap="2" aria-hidden="true">
          <UploadIcon width={28} height={28} />
          <Text size="4" weight="medium">
            Drop to add to Creative Assets
          </Text>
        </Flex>
      ) : null}
    </div>
  );
}
