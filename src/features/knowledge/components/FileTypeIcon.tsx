import { FileTextIcon } from '@radix-ui/react-icons';

/** A file glyph with the extension under it, e.g. PDF, DOCX, MD. */
export function FileTypeIcon({ filename }: { filename: string }) {
  const extension = filename.includes('.') ? filename.split('.').pop()!.slice(0, 4).toUpperCase() : 'FILE';
  return (
    <span className={`kb-file-icon kb-file-icon--${extension.toLowerCase()}`} aria-hidden="true">
      <FileTextIcon width={16} height={16} />
      <span className="kb-file-icon__ext">{extension}</span>
    </span>
  );
}
