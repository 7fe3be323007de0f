/** Which knowledge documents the agent may use, with search (limit 10) and bulk switches. */
import { useState } from 'react';
import { Badge, Button, Flex, Switch, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import type { AgentDocumentDto } from '../agent-config.api';
import type { ConfigEdit } from '../lib/config-draft';
import { categoryLabel } from '../../../contract/knowledge-categories';

interface DocumentAccessListProps {
  documents: AgentDocumentDto[];
  enabled: Record<string, boolean>;
  readOnly: boolean;
  onEdit: (edit: ConfigEdit) => void;
  onSearch: (query: string) => Promise<AgentDocumentDto[]>;
}

export function DocumentAccessList({ documents, enabled, readOnly, onEdit, onSearch }: DocumentAccessListProps) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AgentDocumentDto[] | null>(null);
  const shown = results ?? documents;

  const search = async (text: string) => {
    setQuery(text);
    setResults(text.trim() ? await onSearch(text.trim()).catch(() => []) : null);
  };

  if (documents.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No documents in this space yet. Upload them to the Knowledge Base; every agent may use new documents until you switch them off here.
      </Text>
    );
  }

  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap" align="center">
        <TextField.Root value={query} onChange={(event) => void search(event.target.value)} placeholder="Search documents" aria-label="Search documents" style={{ flex: 1, minWidth: 200 }}>
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Button variant="soft" disabled={readOnly} onClick={() => onEdit({ kind: 'documents', ids: shown.map((d) => d.id), enabled: true })}>
          Enable {results ? 'these' : 'all'}
        </Button>
        <Button variant="soft" color="gray" disabled={readOnly} onClick={() => onEdit({ kind: 'documents', ids: shown.map((d) => d.id), enabled: false })}>
          Disable {results ? 'these' : 'all'}
        </Button>
      </Flex>
      <ul className="plain-list config-documents">
        {shown.map((document) => (
          <li key={document.id}>
            <Text as="label" size="2" className="config-document">
              <Switch
                checked={enabled[document.id] ?? document.is_enabled}
                onCheckedChange={(checked) => onEdit({ kind: 'documents', ids: [document.id], enabled: checked })}
                disabled={readOnly}
              />
              <span className="config-document__name">{document.filename}</span>
              {document.category ? (
                <Badge size="1" variant="soft" color="gray">
                  {categoryLabel(document.category)}
                </Badge>
              ) : null}
              {document.status !== 'ready' ? (
                <Badge size="1" variant="soft" color="amber">
                  {document.status}
                </Badge>
              ) : null}
            </Text>
          </li>
        ))}
      </ul>
      {results && results.length === 0 ? (
        <Text size="2" color="gray">
          No document matches “{query}”.
        </Text>
      ) : null}
    </Flex>
  );
}
