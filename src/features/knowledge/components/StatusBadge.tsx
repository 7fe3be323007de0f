import { Badge, Spinner } from '@radix-ui/themes';
import type { DocumentStatus } from '../../../contract/knowledge';

const LOOK: Record<DocumentStatus, { label: string; color: 'gray' | 'amber' | 'green' | 'red' }> = {
  uploading: { label: 'Uploading', color: 'gray' },
  processing: { label: 'Processing', color: 'amber' },
  ready: { label: 'Ready', color: 'green' },
  error: { label: 'Error', color: 'red' },
};

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="soft" radius="full" className="kb-status">
      {status === 'processing' || status === 'uploading' ? <Spinner size="1" /> : null}
      {look.label}
    </Badge>
  );
}
