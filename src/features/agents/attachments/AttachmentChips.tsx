/**
 * Files on their way to being the message's context, one chip each above the message box: the
 * name, what is happening (reading, uploading with its percentage, processing), Remove, and when it
 * failed, why and Retry. Once processed a file leaves this list and shows as a context chip. An
 * image stays, saying it was added to Creative Assets, until the message goes with it.
 */
import { Button, IconButton, Progress, Spinner, Text } from '@radix-ui/themes';
import { Cross2Icon, ExclamationTriangleIcon, FileTextIcon, ImageIcon } from '@radix-ui/react-icons';
import { removeAttachment, retryAttachment, type ComposerAttachment } from './attachments.store';
import './attachments.css';

const stepText = (item: ComposerAttachment): string | null => {
  switch (item.phase) {
    case 'reading':
      return 'Preparing…';
    case 'uploading':
      return `Uploading ${item.progress}%`;
    case 'processing':
      return 'Processing…';
    case 'attached':
      return 'Added to Creative Assets';
    case 'failed':
      return null;
  }
};

function AttachmentChip({ contextKey, item, disabled }: { contextKey: string; item: ComposerAttachment; disabled?: boolean }) {
  const failed = item.phase === 'failed';
  return (
    <li className="attachment-chip" data-phase={item.phase} data-testid="attachment-chip">
      <span className="attachment-chip__head">
        {failed ? (
          <ExclamationTriangleIcon aria-hidden="true" className="attachment-chip__icon attachment-chip__icon--failed" />
        ) : item.phase === 'attached' ? (
          <ImageIcon aria-hidden="true" className="attachment-chip__icon" />
        ) : (
          <FileTextIcon aria-hidden="true" className="attachment-chip__icon" />
        )}
        <Text size="1" className="attachment-chip__name" title={item.filename}>
          {item.filename}
        </Text>
        {failed ? null : (
          <Text size="1" color="gray" className="attachment-chip__step">
            {stepText(item)}
          </Text>
        )}
        {item.phase === 'processing' || item.phase === 'reading' ? <Spinner size="1" aria-hidden="true" /> : null}
        {failed ? (
          <Button type="button" size="1" variant="soft" color="red" disabled={disabled} onClick={() => retryAttachment(contextKey, item.key)} aria-label={`Retry ${item.filename}`}>
            Retry
          </Button>
        ) : null}
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          disabled={disabled}
          aria-label={`Remove ${item.filename}`}
          onClick={() => removeAttachment(contextKey, item.key)}
          className="attachment-chip__remove"
        >
          <Cross2Icon />
        </IconButton>
      </span>
      {item.phase === 'uploading' ? <Progress size="1" value={item.progress} aria-label={`Uploading ${item.filename}`} className="attachment-chip__progress" /> : null}
      {failed && item.message ? (
        <Text size="1" color="red" className="attachment-chip__error">
          {item.message}
        </Text>
      ) : null}
    </li>
  );
}

export function AttachmentChips({ contextKey, items, disabled }: { contextKey: string; items: readonly ComposerAttachment[]; disabled?: boolean }) {
  if (items.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label="Files being attached">
      {items.map((item) => (
        <AttachmentChip key={item.key} contextKey={contextKey} item={item} disabled={disabled} />
      ))}
    </ul>
  );
}
