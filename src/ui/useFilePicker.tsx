/**
 * The browser's file picker behind a button of one's own: a hidden `<input type="file" multiple>`
 * to render anywhere, and `open` to call from the button. The input is reset after each choice, so
 * choosing the same file again still reports it.
 */
import { useRef, type ReactElement } from 'react';

interface FilePickerOptions {
  /** The input's `accept` list (what the picker offers; the server still decides). */
  accept: string;
  /** The hidden input's accessible name. */
  label: string;
  onFiles(files: File[]): void;
}

export function useFilePicker({ accept, label, onFiles }: FilePickerOptions): { open(): void; input: ReactElement } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      accept={accept}
      aria-label={label}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
