import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Text } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import { FileTextIcon } from '@radix-ui/react-icons';
import type { KnowledgeDocument } from '../../../contract/knowledge';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { draftSources } from '../brand-voice-from-document';
import { isBrandVoiceDocument } from '../../knowledge/brand-voice-documents';
import { subcategoryLabel } from '../../../contract/knowledge-categories';

interface StartFromDocumentProps {
  /** Called with the chosen document's id; the card reads its text into the draft. */
  onPick: (documentId: string) => void;
  busy: boolean;
}

/**
 * "Start from a knowledge document": lists the space's ready documents (brand guidelines first)
 * once asked, so opening Workspace Settings costs no knowledge call.
 */
export function StartFromDocument({ onPick, busy }: StartFromDocumentProps) {
  const [documents, setDocuments] = useState<KnowledgeDocument[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = async () => {
    setLoading(true);
    setError(null);
    try {
      setDocuments(await draftSources());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  };

  if (documents === null) {
    return (
      <Flex direction="column" gap="1" align="start">
        <NetworkRequiredTooltip>
          {({ disabled }) => (
            <Button variant="soft" disabled={disabled} loading={loading} onClick={() => void load()}>
              <FileTextIcon /> Start from a knowledge document
            </Button>
          )}
        </NetworkRequiredTooltip>
        {error ? (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Flex>
    );
  }

  if (documents.length === 0) {
    return (
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" color="gray">
          No document of this space is ready yet. Upload your brand guidelines first; their text can then start the brand voice.
        </Text>
        <Button asChild variant="soft">
          <RouterLink to="/knowledge-base">Upload documents</RouterLink>
        </Button>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor="brand-voice-source">
        Start from a knowledge document
      </Text>
      {/* Always back at the placeholder: the draft says which document it came from, and picking
          the same document again (after discarding its draft) must start a new draft. */}
      <Select.Root disabled={busy} value="" onValueChange={onPick}>
        <Select.Trigger id="brand-voice-source" placeholder="Choose a ready document…" />
        <Select.Content position="popper">
          {documents.map((document) => (
            <Select.Item key={document.id} value={document.id}>
              {document.filename}
              {isBrandVoiceDocument(document) ? ` (${subcategoryLabel(document.subcategory)})` : ''}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Text size="1" color="gray">
        Its text becomes the draft below, to edit before you save.
      </Text>
    </Flex>
  );
}
