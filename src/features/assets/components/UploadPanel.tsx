/** Files on their way in: checking (hashing), uploading with a progress bar, done, duplicate, refused or failed (with Retry). */
import { CheckCircledIcon, CrossCircledIcon, InfoCircledIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Progress, Text } from '@radix-ui/themes';
import { formatBytes, formatCount } from '../../../contract/format';
import { useOnline } from '../../../pwa';
import type { AssetUploadItem } from '../assets.state';

const PHASE_TEXT: Record<AssetUploadItem['phase'], string> = {
  checking: 'Checking…',
  waiting: 'Waiting…',
  signing: 'Preparing…',
  uploading: 'Uploading',
  committing: 'Saving…',
  done: 'Uploaded',
  duplicate: 'Already in your library',
  refused: 'Not uploaded',
  failed: 'Upload failed',
};

interface UploadPanelProps {
  uploads: readonly AssetUploadItem[];
  busy: boolean;
  onRetry(key: string): void;
  onDismiss(): void;
}

export function UploadPanel({ uploads, busy, onRetry, onDismiss }: UploadPanelProps) {
  const online = useOnline();
  const active = uploads.filter((entry) => ['checking', 'waiting', 'signing', 'uploading', 'committing'].includes(entry.phase)).length;
  return (
    <Card size="2" className="asset-uploads" aria-labelledby="asset-uploads-title">
      <Flex justify="between" align="center" mb="2" gap="3">
        <Heading as="h2" size="3" id="asset-uploads-title">
          {active > 0 ? `Uploading ${formatCount(active, 'file')}` : 'Uploads'}
        </Heading>
        {!busy ? (
          <Button size="1" variant="soft" color="gray" onClick={onDismiss}>
            Clear list
          </Button>
        ) : null}
      </Flex>
      <ul className="asset-uploads__list" aria-live="polite">
        {uploads.map((entry) => {
          const moving = entry.phase === 'uploading' || entry.phase === 'checking';
          return (
            <li key={entry.key} className="asset-uploads__item" data-phase={entry.phase} data-testid="asset-upload">
              <span className="asset-uploads__icon" aria-hidden="true">
                {entry.phase === 'done' ? <CheckCircledIcon color="var(--green-11)" /> : entry.phase === 'failed' || entry.phase === 'refused' ? <CrossCircledIcon color="var(--red-11)" /> : entry.phase === 'duplicate' ? <InfoCircledIcon /> : null}
              </span>
              <Flex direction="column" gap="1" className="asset-uploads__text">
                <Flex justify="between" gap="2">
                  <Text size="2" weight="medium" className="asset-ellipsis" title={entry.filename}>
                    {entry.filename}
                  </Text>
                  <Text size="1" color="gray" className="asset-uploads__size">
                    {formatBytes(entry.size)}
                  </Text>
                </Flex>
                {moving || entry.phase === 'committing' ? (
                  <Progress
                    value={entry.phase === 'committing' ? 100 : entry.progress}
                    size="1"
                    aria-label={`${entry.phase === 'checking' ? 'Checking' : 'Uploading'} ${entry.filename}: ${entry.progress}%`}
                  />
                ) : null}
                <Text size="1" color={entry.phase === 'failed' || entry.phase === 'refused' ? 'red' : 'gray'} role={entry.phase === 'failed' || entry.phase === 'refused' ? 'alert' : undefined}>
                  {entry.message ?? (entry.phase === 'uploading' ? `${PHASE_TEXT.uploading} ${entry.progress}%` : PHASE_TEXT[entry.phase])}
                </Text>
              </Flex>
              {entry.phase === 'failed' ? (
                <Button size="1" variant="soft" onClick={() => onRetry(entry.key)} disabled={!online} aria-label={`Retry ${entry.filename}`}>
                  <ReloadIcon /> Retry
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
