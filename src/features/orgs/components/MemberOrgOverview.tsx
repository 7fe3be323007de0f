import { useEffect } from 'react';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import type { User } from '../../../contract/auth';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { ContactPeople } from './ContactPeople';
import { organizationStore } from '../../settings/organization.store';

/**
 * The organisation admin dashboard as a member sees it (spec 000 §2 admits members to the area):
 * which organisation they belong to and as what, and who manages it, by name. Managing people is
 * for owners and admins, so nothing here acts.
 */
export function MemberOrgOverview({ user }: { user: User }) {
  const { value: organization } = useSnapshot(organizationStore.state);
  useEffect(() => {
    void organizationStore.load();
  }, []);
  return (
    <Page>
      <PageHeader title="Organisation Admin" description="Your organisation, and who manages it." />
      <Card size="3" className="surface-card" aria-labelledby="member-org-heading">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="member-org-heading">
            {organization?.name ?? 'Your organisation'}
          </Heading>
          <Text as="p" size="2">
            You are a member. Owners and admins invite people, change roles and manage spaces; ask one of them when you need any of that.
          </Text>
          <ContactPeople user={user} />
        </Flex>
      </Card>
    </Page>
  );
}
