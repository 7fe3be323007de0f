/**
 * Documents a goal refers to: the research reads them first, and a step that needs one that was
 * deleted meanwhile stops with the reason (and its credits back). Chosen from the space's ready
 * documents as the device last saw them; the list is refreshed when the picker opens.
 */
import { useState } from 'react';
import { Button, Checkbox, Flex, IconButton, Popover, Text, TextField } from '@radix-ui/themes';
import { Cross2Icon, FileTextIcon, PlusIcon } from '@radix-ui/react-icons';
import { MAX_REFERENCED_DOCUMENTS } from '../../../contract/agent-mode';
import { useDocuments } from '../../knowledge/knowledge.queries';
import { OptionalPicker } from './OptionalPicker';

interface DocumentPickerProps {
  spaceId: string | null;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

export function DocumentPicker({ spaceId, chosen, onChange, disabled }: DocumentPickerProps) {
  const documents = useDocuments(spaceId, null);
  const [filter, setFilter] = useState('');
  const ready = (documents ?? []).filter((document) => document.status === 'ready');
  const shown = ready.filter((document) => document.filename.toLowerCase().includes(filter.trim().toLowerCase()));
  const names = new Map(ready.map((document) => [document.id, document.filename]));
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));

  const opened = (open: boolean) => {
    if (!open) return;
    // The knowledge screen's loader, fetched only when someone wants to pick a document.
    void import('../../knowledge/knowledge.store').then((module) => module.refreshDocuments()).catch(() => undefined);
  };

  return (
    <OptionalPicker
      labelId="run-documents-label"
      label="Documents to use"
      picker={
        <Popover.Root onOpenChange={opened}>
          <Popover.Trigger disabled={disabled}>
            <Button type="button" variant="soft" size="1" aria-describedby="run-documents-label">
              <PlusIcon aria-hidden="true" /> Add documents
            </Button>
          </Popover.Trigger>
          <Popover.Content width="320px" size="1" aria-label="Documents from the knowledge base">
            <Flex direction="column" gap="2">
              <TextField.Root size="2" placeholder="Filter by name" aria-label="Filter documents by name" value={filter} onChange={(event) => setFilter(event.target.value)} />
              {shown.length === 0 ? (
                <Text size="2" color="gray">
                  {ready.length === 0 ? 'No ready documents in the knowledge base yet.' : 'No document matches.'}
                </Text>
              ) : (
                <ul className="doc-picker__list">
                  {shown.map((document) => {
                    const on = chosen.includes(document.id);
                    return (
                      <li key={document.id}>
                        <Text as="label" size="2" className="doc-picker__item">
                          <Checkbox checked={on} disabled={!on && chosen.length >= MAX_REFERENCED_DOCUMENTS} onCheckedChange={(value) => toggle(document.id, value === true)} />
                          <span className="doc-picker__name">{document.filename}</span>
                        </Text>
                      </li>
                    );
                  })}
                </ul>
              )}
              <Text size="1" color="gray">
                Up to {MAX_REFERENCED_DOCUMENTS} documents.
              </Text>
            </Flex>
          </Popover.Content>
        </Popover.Root>
      }
    >
      {chosen.length > 0 ? (
        <ul className="doc-chips" aria-label="Documents this run will use">
          {chosen.map((id) => (
            <li key={id} className="doc-chip">
              <FileTextIcon aria-hidden="true" />
              <span className="doc-chip__name">{names.get(id) ?? 'Document'}</span>
              <IconButton type="button" size="1" variant="ghost" color="gray" aria-label={`Remove ${names.get(id) ?? 'document'}`} onClick={() => toggle(id, false)}>
                <Cross2Icon />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </OptionalPicker>
  );
}
