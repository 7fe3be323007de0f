/** The documents chosen for the next message, as removable chips above the message box. */
import { IconButton, Text } from '@radix-ui/themes';
import { Cross2Icon, FileTextIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { composerContext, detachDocument } from './composer-context.store';
import './context.css';

export function ContextChips({ contextKey, disabled }: { contextKey: string; disabled?: boolean }) {
  const { byKey } = useSnapshot(composerContext);
  const attached = byKey[contextKey] ?? [];
  if (attached.length === 0) return null;
  return (
    <ul className="context-chips" aria-label="Documents for this message">
      {attached.map((document) => (
        <li key={document.id} className="context-chip" data-kind={document.kind} data-testid="context-chip">
          <FileTextIcon aria-hidden="true" className="context-chip__icon" />
          <Text size="1" className="context-chip__name" title={document.filename}>
            {document.filename}
          </Text>
          {document.kind === 'brand' ? (
            <Text size="1" color="gray" className="context-chip__kind">
              brand
            </Text>
          ) : null}
          <IconButton
            type="button"
            size="1"
            variant="ghost"
            color="gray"
            disabled={disabled}
            aria-label={`Remove ${document.filename}`}
            onClick={() => detachDocument(contextKey, document.id)}
            className="context-chip__remove"
          >
            <Cross2Icon />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
