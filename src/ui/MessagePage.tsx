import { Card } from '@radix-ui/themes';
import { EmptyState, type EmptyStateProps } from './EmptyState';
import { Page } from './Page';

/** A screen that is one message in a card, with the way on: a page not found, a screen that failed. */
export function MessagePage(message: EmptyStateProps) {
  return (
    <Page>
      <Card size="3" className="surface-card">
        <EmptyState {...message} />
      </Card>
    </Page>
  );
}
