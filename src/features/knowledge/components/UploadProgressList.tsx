import { CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Flex, Progress, Text } from '@radix-ui/themes';
import { formatBytes } from '../../../contract/format';
import type { UploadItem, UploadPhase } from '../knowledge.state';
import { FileTypeIcon } from './FileTypeIcon';

const PHASE_TEXT: Record<UploadPhase, string> = {
  waiting: 'Waiting…',
  signing: 'Preparing upload…',
  uploading: 'Uploading',
  committing: 'Finishing…',
  done: 'Uploaded — processing',
  failed: 'Failed',
  duplicate: 'Skipped: duplicate',
};

interface UploadProgressListProps {
  uploads: readonly UploadItem[];
  busy: boolean;
  onDismiss(): void;
}

/** One row per file of the current upload: a progress bar while bytes go up, then the outcome. */
export function UploadProgressList({ uploads, busy, onDismiss }: UploadProgressListProps) {
  return (
    <section className="kb-uploads" aria-label="Uploads">
      <Flex justify="between" align="center" mb="2">
        <Text size="2" weight="medium">
          {busy ? 'Uploading…' : 'Upload finished'}
        </Text>
        {!busy ? (
          <Button size="1" variant="ghost" color="gray" onClick={onDismiss}>
            Dismiss
          </Button>
        ) : null}
      </Flex>
      <ul className="kb-uploads__list">
        {uploads.map((upload) => (
          <li key={upload.key} className="kb-uploads__item" data-testid="upload-row" data-phase={upload.phase}>
            <FileTypeIcon filename={upload.filename} />
            <Flex direction="column" gap="1" className="kb-uploads__text">
              <Flex justify="between" gap="2">
                <Text size="2" className="kb-ellipsis" title={upload.filename}>
                  {upload.filename}
                </Text>
                <Text size="1" color="gray" className="kb-nowrap">
                  {upload.phase === 'uploading' ? `${upload.progress}% of ${formatBytes(upload.size)}` : PHASE_TEXT[upload.phase]}
                </Text>
              </Flex>
              {upload.phase === 'uploading' || upload.phase === 'signing' || upload.phase === 'committing' || upload.phase === 'waiting' ? (
                <Progress size="1" value={upload.progress} aria-label={`Upload progress of ${upload.filename}`} />
              ) : null}
              {upload.message ? (
                <Text size="1" color={upload.phase === 'duplicate' ? 'amber' : 'red'}>
                  {upload.phase === 'duplicate' ? <ExclamationTriangleIcon aria-hidden="true" /> : <CrossCircledIcon aria-hidden="true" />}{' '}
                  {upload.message}
                </Text>
              ) : null}
              {upload.phase === 'done' ? (
                <Text size="1" color="green">
                  <CheckCircledIcon aria-hidden="true" /> Processing has started
                </Text>
              ) : null}
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}
