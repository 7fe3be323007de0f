import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Flex } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState, spacesState } from '../../../session';
import { isSystemAdminRole } from '../../../contract/auth';
import { AccountCard } from '../components/AccountCard';
import { AppearanceCard } from '../components/AppearanceCard';
import { HelpCard } from '../components/HelpCard';
import { NotificationsCard } from '../components/NotificationsCard';
import { ProfileCard } from '../components/ProfileCard';
import { SessionsCard } from '../components/SessionsCard';

/** Personal settings, open to every signed-in role. Further sections slot in below the profile. */
export default function SettingsPage() {
  const { user } = useSnapshot(authState);
  const { spaces, currentSpaceId } = useSnapshot(spacesState);
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    // The router does not scroll to fragments by itself (Help & Support links to #help).
    document.getElementById(hash.slice(1))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [hash]);

  if (!user) return null;
  const space = spaces.find((s) => s.id === currentSpaceId) ?? null;
  return (
    <Page>
      <PageHeader title="Settings" description="Your profile and account, how Mosaic looks on this device, signed-in devices, notifications and how to get help." />
      <Flex direction="column" gap="5">
        <ProfileCard user={user} space={space} showSpace={!isSystemAdminRole(user.role)} />
        <AccountCard user={user} />
        <AppearanceCard />
        <SessionsCard />
        <NotificationsCard />
        <HelpCard user={user} />
      </Flex>
    </Page>
  );
}
