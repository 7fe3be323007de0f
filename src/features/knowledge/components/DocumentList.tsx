import { SpeakerLoudIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { isBrandVoiceDocument } from '../brand-voice-documents';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { useNow } from '../../../pwa/use-now';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { DocumentRow } from '../../../db';
import { formatBytes, formatWhen } from '../../../contract/format';
import { categoryLabel, subcategoryLabel } from '../../../contract/knowledge-categories';
import { FileTypeIcon } from './FileTypeIcon';
import { StatusBadge } from './StatusBadge';

/** A row's height before it is measured (rows with an error message are taller). */
const ESTIMATED_ROW_PX = 64;
/** Rows rendered beyond the visible ones, so fast scrolling does not show blanks. */
const OVERSCAN_ROWS = 8;

interface DocumentListProps {
  documents: readonly DocumentRow[];
  onDelete(document: DocumentRow): void;
  /**
   * Why the signed-in person may not delete this document (a member, someone else's upload), or
   * null. Offline, deleting is disabled with its own reason as well.
   */
  deleteBlockedReason(document: DocumentRow): string | null;
  /** Opens the document preview (its text, and the original to download). */
  onOpen?(document: DocumentRow): void;
  /**
   * "Use as brand voice" on ready brand guidelines documents, for the people who may set it (owners
   * and admins; absent for others): what using one does, and the document being used, if any.
   */
  brandVoice?: { busyId: string | null; onUse(document: DocumentRow): void };
}

/**
 * The documents, virtualised: only the rows in view (plus a margin) are in the page, so a
 * thousand documents scroll as smoothly as ten.
 */
export function DocumentList({ documents, onDelete, deleteBlockedReason, onOpen, brandVoice }: DocumentListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // "5 minutes ago" stays true while the list is open.
  const now = useNow();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself on scroll
  const virtualizer = useVirtualizer({
    count: documents.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => documents[index]!.id,
  });

  return (
    <div ref={scroller} className="kb-documents" role="list" aria-label="Documents" data-testid="kb-documents">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const document = documents[item.index]!;
          const subcategory = subcategoryLabel(document.subcategory);
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              className="kb-doc"
              data-testid="document-row"
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <FileTypeIcon filename={document.filename} />
              <Flex direction="column" gap="1" className="kb-doc__main">
                {onOpen ? (
                  <button type="button" className="kb-doc__open kb-ellipsis" title={`Open ${document.filename}`} onClick={() => onOpen(document)}>
                    <Text size="2" weight="medium">
                      {document.filename}
                    </Text>
                  </button>
                ) : (
                  <Text size="2" weight="medium" className="kb-ellipsis" title={document.filename}>
                    {document.filename}
                  </Text>
                )}
                <Flex gap="2" align="center" wrap="wrap" className="kb-doc__meta">
                  {document.category ? (
                    <Badge variant="surface" color="indigo" radius="full">
                      {categoryLabel(document.category)}
                      {subcategory ? ` · ${subcategory}` : ''}
                    </Badge>
                  ) : null}
                  <Text size="1" color="gray" className="kb-doc__size">
                    {formatBytes(document.sizeBytes)}
                  </Text>
                  <Text size="1" color="gray" className="kb-doc__date">
                    {formatWhen(document.createdAt, now)}
                  </Text>
                  {brandVoice && document.status === 'ready' && isBrandVoiceDocument(document) ? (
                    <NetworkRequiredTooltip>
                      {({ disabled }) => (
                        <Button
                          size="1"
                          variant="soft"
                          disabled={disabled || brandVoice.busyId !== null}
                          loading={brandVoice.busyId === document.id}
                          aria-label={`Use as brand voice: ${document.filename}`}
                          onClick={() => brandVoice.onUse(document)}
                        >
                          <SpeakerLoudIcon /> Use as brand voice
                        </Button>
                      )}
                    </NetworkRequiredTooltip>
                  ) : null}
                </Flex>
                {document.status === 'error' && document.errorMessage ? (
                  <Text size="1" color="red" className="kb-doc__error">
                    {document.errorMessage}
                  </Text>
                ) : null}
              </Flex>
              <StatusBadge status={document.status} />
              <NetworkRequiredTooltip reason={deleteBlockedReason(document)}>
                {({ disabled }) => {
                  const button = (
                    <IconButton variant="ghost" color="gray" aria-label={`Delete ${document.filename}`} disabled={disabled} onClick={() => onDelete(document)}>
                      <TrashIcon />
                    </IconButton>
                  );
                  // Disabled, the wrapper's tooltip says why instead.
                  return disabled ? button : <Tooltip content="Delete document">{button}</Tooltip>;
                }}
              </NetworkRequiredTooltip>
            </div>
          );
        })}
      </div>
    </div>
  );
}
