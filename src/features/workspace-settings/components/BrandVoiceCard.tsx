import { useEffect, useState } from 'react';
import { Button, Callout, Card, Flex, Heading, Skeleton, Text, TextArea } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { timeAgo } from '../../../pwa/relative-time';
import { useNow } from '../../../pwa/use-now';
import { brandVoiceState, loadBrandVoice, saveBrandVoice } from '../brand-voice.store';
import { BRAND_VOICE_MAX_CHARS } from '../../../contract/agents';


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
  const { voice, loading, saving, loadError } = useSnapshot(brandVoiceState);
  // The text being edited; null until the user types, so a reload shows the server's copy.
  const [draft, setDraft] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const now = useNow();

  useEffect(() => {
    void loadBrandVoice();
  }, []);

  const saved = voice?.content ?? '';
  const text = draft ?? saved;
  const changed = draft !== null && draft.trim() !== saved;
  const tooLong = text.length > BRAND_VOICE_MAX_CHARS;

  async function save() {
    setSaveError(null);
    try {
      await saveBrandVoice(text.trim());
      setDraft(null);
      toast.success('Brand voice saved');
    } catch (error) {
      // The typed text stays in the box so nothing is lost.
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card size="3" className="surface-card" aria-labelledby="brand-voice-heading">
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
        <Text size="2" color="gray">
          Every agent follows this in every space of your organisation, unless a message brings its own.
        </Text>
        {loadError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{loadError}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Skeleton loading={loading && voice === null}>
          <TextArea
            aria-label="Brand voice"
            size="3"
            rows={10}
            value={text}
            placeholder={canEdit ? PLACEHOLDER : 'No brand voice has been written yet.'}
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
            {text.length.toLocaleString('en')} / {BRAND_VOICE_MAX_CHARS.toLocaleString('en')} characters
          </Text>
          {canEdit ? (
            <Flex gap="2">
              <Button variant="soft" color="gray" disabled={!changed || saving} onClick={() => setDraft(null)}>
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
              Only organisation owners and admins can change the brand voice.
            </Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
