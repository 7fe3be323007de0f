import { lazy, Suspense } from 'react';
import { Card, Heading, Skeleton, Text } from '@radix-ui/themes';
import type { User } from '../../../contract/auth';

// The guides are bundled with the app (readable offline) but loaded only when this card shows.
const HelpCenter = lazy(() => import('../../help/components/HelpCenter'));

/** Help & Support (the sidebar footer menu links to /settings#help). */
export function HelpCard({ user }: { user: User }) {
  return (
    <Card size="3" className="surface-card" id="help" aria-labelledby="help-heading">
      <Heading as="h2" size="4" id="help-heading" mb="1">
        Help &amp; Support
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Short guides to each part of Mosaic, the keyboard shortcuts, and who in your organisation can help.
      </Text>
      <Suspense fallback={<Skeleton height="160px" />}>
        <HelpCenter user={user} />
      </Suspense>
    </Card>
  );
}
