/**
 * "Add context" in the message box (issue 12 item 6): a searchable list of the documents this
 * agent may use, in two groups — brand documents (category Brand), which the agent follows for
 * tone, and knowledge documents, which it reads for facts. Ticked documents become chips above the
 * box (ContextChips) and go with the next message (`brand_documents`, `referenced_document_ids`).
 * Keyboard: the search field takes focus, Tab moves through the boxes, Space ticks, Escape closes.
 */
import { useId, useState } from 'react';
import { Button, Checkbox, Flex, Popover, Spinner, Text, TextField } from '@radix-ui/themes';
import { FilePlusIcon, FileTextIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { categoryLabel } from '../../../contract/knowledge-categories';
import { attachDocument, composerContext, CONTEXT_LIMITS, detachDocument, type ContextKind } from './composer-context.store';
import { usePickableDocuments, type PickableDocument } from './usePickableDocuments';
import './context.css';

interface ContextPickerProps {
  /** The message box's draft key: the chips and the payload are per box. */
  contextKey: string;
  agentSlug: string;
  agentName: string;
  spaceId: string | null;
  disabled?: boolean;
}

const kindOf = (document: PickableDocument): ContextKind => (document.category === 'brand' ? 'brand' : 'reference');

function DocumentOption({ document, checked, onChange }: { document: PickableDocument; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <li>
      <Text as="label" size="2" className="context-option">
        <Checkbox checked={checked} onCheckedChange={(value) => onChange(value === true)} />
        <FileTextIcon aria-hidden="true" className="context-option__icon" />
        <span className="context-option__name">{document.filename}</span>
        {document.category && document.category !== 'brand' ? (
          <Text size="1" color="gray" className="context-option__category">
            {categoryLabel(document.category)}
          </Text>
        ) : null}
      </Text>
    </li>
  );
}

export function ContextPicker({ contextKey, agentSlug, agentName, spaceId, disabled }: ContextPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const { byKey } = useSnapshot(composerContext);
  const attached = byKey[contextKey] ?? [];
  const { documents, note } = usePickableDocuments(agentSlug, spaceId, open);
  const headingId = useId();
  const words = query.trim().toLowerCase();
  const matching = (documents ?? []).filter((document) => !words || document.filename.toLowerCase().includes(words));
  const brand = matching.filter((document) => kindOf(document) === 'brand');
  const knowledge = matching.filter((document) => kindOf(document) === 'reference');
  // Shown on the button and said in its name, which contains what it shows.
  const count = attached.length > 0 ? ` · ${attached.length}` : '';
  const isAttached = (id: string) => attached.some((entry) => entry.id === id);

  const toggle = (document: PickableDocument, checked: boolean) => {
    if (!checked) return detachDocument(contextKey, document.id);
    const kind = kindOf(document);
    if (!attachDocument(contextKey, { id: document.id, filename: document.filename, kind })) {
      toast.error(`A message can take at most ${CONTEXT_LIMITS[kind]} ${kind === 'brand' ? 'brand' : 'knowledge'} documents.`);
    }
  };

  const group = (title: string, hint: string, list: PickableDocument[]) =>
    list.length > 0 ? (
      <section aria-label={title} className="context-group">
        <Text as="p" size="1" weight="bold" color="gray">
          {title} <Text weight="regular">· {hint}</Text>
        </Text>
        <ul className="context-options">
          {list.map((document) => (
            <DocumentOption key={document.id} document={document} checked={isAttached(document.id)} onChange={(checked) => toggle(document, checked)} />
          ))}
        </ul>
      </section>
    ) : null;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button type="button" variant="soft" color="gray" disabled={disabled} className="composer__context-button" aria-label={`Add context${count}: documents for ${agentName} to use`}>
          <FilePlusIcon aria-hidden="true" />
          <span className="composer__label">Context{count}</span>
        </Button>
      </Popover.Trigger>
      <Popover.Content className="context-picker" align="start" side="top" aria-labelledby={headingId} data-testid="context-picker">
        <Text as="p" size="2" weight="bold" id={headingId} mb="1">
          Documents for this message
        </Text>
        <Text as="p" size="1" color="gray" mb="2">
          {agentName} reads the knowledge documents you tick for facts and follows the brand documents for tone.
        </Text>
        <TextField.Root
          type="search"
          placeholder="Search documents"
          aria-label="Search documents"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoFocus
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <div className="context-picker__list">
          {documents === null ? (
            <Flex align="center" gap="2" py="3" role="status">
              <Spinner /> <Text size="2">Loading documents…</Text>
            </Flex>
          ) : matching.length === 0 ? (
            <Text as="p" size="2" color="gray" my="3">
              {documents.length === 0
                ? `No ready documents are enabled for ${agentName}. Upload them to the Knowledge Base, and enable them under Agent Configuration.`
                : `No document matches “${query.trim()}”.`}
            </Text>
          ) : (
            <>
              {group('Brand documents', 'followed for tone', brand)}
              {group('Knowledge documents', 'read for facts', knowledge)}
            </>
          )}
        </div>
        {note ? (
          <Text as="p" size="1" color="gray" mt="2">
            {note}
          </Text>
        ) : null}
        <Flex justify="end" mt="2">
          <Popover.Close>
            <Button type="button" size="2">
              Done
            </Button>
          </Popover.Close>
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
