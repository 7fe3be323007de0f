import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import type { DocumentRow } from '../../../src/db';
import { UploadProgressList } from '../../../src/features/knowledge/components/UploadProgressList';
import type { UploadItem } from '../../../src/features/knowledge/knowledge.state';

const upload: UploadItem = { key: 'k1', filename: 'brief.txt', size: 120, progress: 100, phase: 'done', message: null, documentId: 'd1' };

function row(status: DocumentRow['status'], errorMessage: string | null = null): DocumentRow {
  return {
    id: 'd1',
    spaceId: 's1',
    filename: 'brief.txt',
    mimeType: 'text/plain',
    sizeBytes: 120,
    status,
    createdAt: new Date().toISOString(),
    category: null,
    subcategory: null,
    errorMessage,
    hash: null,
    autoCategorized: false,
    confidenceScore: null,
    ragFileId: null,
  } as DocumentRow;
}

const panel = (documents: DocumentRow[]) => (
  <Theme>
    <UploadProgressList uploads={[upload]} busy={false} onDismiss={() => undefined} onRetry={() => undefined} canRetry={() => false} documents={documents} />
  </Theme>
);

describe('the upload panel after an upload', () => {
  it('follows the document: processing, then ready, or the reason it failed', () => {
    const view = render(panel([row('processing')]));
    expect(screen.getByRole('status').textContent).toContain('Processing…');
    view.rerender(panel([row('ready')]));
    expect(screen.getByRole('status').textContent).toContain('Ready: agents can use it');
    expect(screen.queryByText(/processing/i)).toBeNull();
    view.rerender(panel([row('error', 'The file has no readable text.')]));
    expect(screen.getByRole('status').textContent).toContain('The file has no readable text.');
  });
});
