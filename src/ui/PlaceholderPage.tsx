import type { ReactNode } from 'react';
import { Card } from '@radix-ui/themes';
import { EmptyState } from './EmptyState';
import { Page } from './Page';
import { PageHeader } from './PageHeader';

interface PlaceholderPageProps {
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: ReactNode;
  actions?: ReactNode;
}

/** A screen made of a title and one honest empty state. */
export function PlaceholderPage({ title, description, icon, emptyTitle, emptyText, actions }: PlaceholderPageProps) {
  return (
    <Page>
      <PageHeader title={title} description={description} />
      <Card size="3" className="surface-card">
        <EmptyState icon={icon} title={emptyTitle} description={emptyText} actions={actions} />
      </Card>
    </Page>
  );
}
