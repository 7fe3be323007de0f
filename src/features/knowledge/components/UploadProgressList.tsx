import { CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Flex, Progress, Text } from '@radix-ui/themes';
import { formatBytes } from '../../../contract/format';
import type { DocumentRow } from '../../../db';
import { useOnline } from '../../../pwa';
import type { UploadItem, UploadPhase } from '../knowledge.state';
import { FileTypeIcon } from './FileTypeIcon';

const PHASE_TEXT: Record<UploadPhase, string> = {
  waiting: 'Waiting…',
  signing: 'Preparing upload…',
  uploading: 'Uploading',
  committing: 'Finishing…',
  done: 'Uploaded',
  failed: 'Failed',
  duplicate: 'Skipped: duplicate',
};

interface UploadProgressListProps {
  uploads: readonly UploadItem[];
  busy: boolean;
  onDismiss(): void;
  /** Sends a failed row's file again; offered where `canRetry` says the file is still at hand. */
  onRetry(key: string): void;
  canRetry(key: string): boolean;
  /** The space's documents as saved on the device: an uploaded file's row says how its processing went. */
  documents: readonly DocumentRow[] | undefined;
}

/** After the upload, what the document's own status says (it changes while the panel is open). */
function afterUpload(upload: UploadItem, documents: UploadProgressListProps['documents']): { text: string; color: 'green' | 'amber' | 'red' } {
  const document = documents?.find((row) => row.id === upload.documentId);
  if (document?.status === 'ready') return { text: 'Ready: agents can use it', color: 'green' };
  if (document?.status === 'error') return { text: document.errorMessage ?? 'Processing failed', color: 'red' };
  return { text: 'Processing…', color: 'amber' };
}

/** One row per file of the current upload: a progress bar while bytes go up, then the outcome. */
export function UploadProgressList({ uploads, busy, onDismiss, onRetry, canRetry, documents }: UploadProgressListProps) {
  const online = useOnline();
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
              {upload.phase === 'done' ? <AfterUpload {...afterUpload(upload, documents)} /> : null}
            </Flex>
            {upload.phase === 'failed' && canRetry(upload.key) ? (
              <Button size="1" variant="soft" onClick={() => onRetry(upload.key)} disabled={!online} aria-label={`Retry ${upload.filename}`}>
                <ReloadIcon aria-hidden="true" /> Retry
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AfterUpload({ text, color }: { text: string; color: 'green' | 'amber' | 'red' }) {
  return (
    <Text size="1" color={color} role="status">
      {color === 'green' ? <CheckCircledIcon aria-hidden="true" /> : color === 'red' ? <CrossCircledIcon aria-hidden="true" /> : null} {text}
    </Text>
  );
}
