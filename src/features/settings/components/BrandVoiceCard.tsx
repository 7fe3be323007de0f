import { useEffect, useState } from 'react';
import { Button, Callout, Card, Flex, Heading, Skeleton, Text, TextArea } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { timeAgo } from '../../../pwa/relative-time';
import { useNow } from '../../../pwa/use-now';
import { useLeaveGuard } from '../../../navigation/useLeaveGuard';
import { LeaveGuardDialog } from '../../../ui/LeaveGuardDialog';
import { brandVoiceStore } from '../brand-voice.store';
import { organizationStore } from '../organization.store';
import { draftFromDocument } from '../brand-voice-from-document';
import { ONLY_MANAGERS_EDIT_BRAND_VOICE } from '../../knowledge/brand-voice-documents';
import { brandVoiceScope } from '../brand-voice-scope';
import { StartFromDocument } from './StartFromDocument';
import { BRAND_VOICE_MAX_CHARS } from '../../../contract/agents';
import { formatNumber } from '../../../contract/format';
import { FormAlert } from '../../../ui/FormAlert';

const PLACEHOLDER = [
  'How your brand sounds, for every agent to follow. For example:',
  '- Warm, plain and confident. Short sentences.',
  '- We say "bakers", never "users".',
  '- No exclamation marks, no jargon.',
].join('\n');

interface BrandVoiceCardProps {
  /** Owners and admins edit; members read (the server enforces the same rule). */
  canEdit: boolean;
}

export function BrandVoiceCard({ canEdit }: BrandVoiceCardProps) {
  const { value: voice, loading, saving, loadError } = useSnapshot(brandVoiceStore.state);
  const organisation = useSnapshot(organizationStore.state).value;
  // The text being edited; null until the user types, so a reload shows the server's copy.
  const [draft, setDraft] = useState<string | null>(null);
  const [source, setSource] = useState<{ filename: string; cut: boolean } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const now = useNow();

  useEffect(() => {
    void brandVoiceStore.load();
  }, []);

  const saved = voice?.content ?? '';
  const text = draft ?? saved;
  const changed = draft !== null && draft.trim() !== saved;
  const tooLong = text.length > BRAND_VOICE_MAX_CHARS;
  const guard = useLeaveGuard(changed);

  /** Reads a document into the draft. */
  const startFrom = (documentId: string) => {
    setReading(true);
    void draftFromDocument(documentId)
      .then(
        (next) => {
          setDraft(next.text);
          setSource({ filename: next.filename, cut: next.cut });
          setSaveError(null);
        },
        (error: unknown) => setSaveError(`Could not read the document: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => setReading(false));
  };

  async function save() {
    setSaveError(null);
    try {
      await brandVoiceStore.save(text.trim());
      setDraft(null);
      setSource(null);
      toast.success('Brand voice saved');
    } catch (error) {
      // The typed text stays in the box so nothing is lost.
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  }

  const discard = () => {
    setDraft(null);
    setSource(null);
  };

  return (
    <Card size="3" className="surface-card" aria-labelledby="brand-voice-heading" id="brand-voice">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="4" id="brand-voice-heading">
            Brand voice
          </Heading>
          {voice?.updatedAt ? (
            <Text size="1" color="gray">
              Last updated {timeAgo(Date.parse(voice.updatedAt), Math.max(now, Date.parse(voice.updatedAt)))}
            </Text>
          ) : null}
        </Flex>
        <Text size="2" color="gray" data-testid="brand-voice-scope">
          Every agent follows it in {brandVoiceScope(organisation?.name)}, unless a message brings its own.
        </Text>
        {loadError ? (
          <FormAlert tone="error" size="2">{loadError}</FormAlert>
        ) : null}
        {canEdit ? <StartFromDocument onPick={startFrom} busy={reading || saving} /> : null}
        {source ? (
          <Callout.Root color="blue" size="1">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              Draft from “{source.filename}”
              {source.cut ? `: the document is longer than ${formatNumber(BRAND_VOICE_MAX_CHARS)} characters, so only its beginning is here` : ''}. Edit
              it, then save.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <Skeleton loading={(loading && voice === null) || reading}>
          <TextArea
            aria-label="Brand voice"
            size="3"
            rows={10}
            value={text}
            placeholder={canEdit ? PLACEHOLDER : 'No brand voice has been written yet. An organisation owner or admin writes it here.'}
            readOnly={!canEdit}
            onChange={(event) => setDraft(event.target.value)}
          />
        </Skeleton>
        {saveError ? (
          <Text size="2" color="red" role="alert">
            {saveError}
          </Text>
        ) : null}
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text size="1" color={tooLong ? 'red' : 'gray'}>
            {formatNumber(text.length)} / {formatNumber(BRAND_VOICE_MAX_CHARS)} characters
          </Text>
          {canEdit ? (
            <Flex gap="2">
              <Button variant="soft" color="gray" disabled={!changed || saving} onClick={discard}>
                Discard
              </Button>
              <NetworkRequiredTooltip>
                {({ disabled }) => (
                  <Button disabled={disabled || !changed || tooLong || saving || voice === null} loading={saving} onClick={() => void save()}>
                    Save brand voice
                  </Button>
                )}
              </NetworkRequiredTooltip>
            </Flex>
          ) : (
            <Text size="1" color="gray">
              {ONLY_MANAGERS_EDIT_BRAND_VOICE}
            </Text>
          )}
        </Flex>
      </Flex>
      <LeaveGuardDialog guard={guard} what="your changes to the brand voice" />
    </Card>
  );
}
