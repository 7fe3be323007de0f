import { FileIcon, FileTextIcon, ImageIcon, ReaderIcon, VideoIcon } from '@radix-ui/react-icons';
import type { AssetKind } from '../../../contract/assets';

/** The icon of an asset's kind, for typed cards (videos, documents, text) and the list's type column. */
export function AssetKindIcon({ kind, size = 16 }: { kind: AssetKind; size?: number }) {
  const props = { width: size, height: size, 'aria-hidden': true } as const;
  switch (kind) {
    case 'image':
      return <ImageIcon {...props} />;
    case 'pdf':
      return <FileIcon {...props} />;
    case 'video':
      return <VideoIcon {...props} />;
    case 'document':
      return <ReaderIcon {...props} />;
    case 'text':
      return <FileTextIcon {...props} />;
  }
}

/** One word for the kind, as a card or row says it ("PDF", "Video"). */
export const KIND_NAMES: Record<AssetKind, string> = { image: 'Image', pdf: 'PDF', video: 'Video', document: 'Document', text: 'Text' };
