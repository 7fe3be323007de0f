import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Flex, Text } from '@radix-ui/themes';
import { DropdownMenu } from '../../ui/DropdownMenu';
import { ExitIcon, GearIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { logout } from '../../features/auth/auth.store';
import { InstallAppMenuItem } from './InstallAppMenuItem';
import { AccountButton } from './AccountButton';
import { LogoutWithOutbox, messagesWaitingToSend } from './LogoutWithOutbox';
import type { User } from '../../contract/auth';

/** Help & Support lives on the Settings screen (its #help section), so it works offline too. */
const HELP_PATH = '/settings#help';

export interface UserMenuProps {
  user: Pick<User, 'name' | 'email'>;
  collapsed: boolean;
  onChoose: () => void;
}

/** The account menu itself (loaded on first use, UserMenu.tsx): Settings, Help & Support, Log out. */
export default function AccountMenu({ user, collapsed, onChoose, defaultOpen = false }: UserMenuProps & { defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(0);
  const logOutNow = async () => {
    setWaiting(0);
    onChoose();
    await logout();
    // logout() also announces LOGOUT_COMPLETE, which redirects; navigating here keeps it certain.
    void navigate('/login', { replace: true });
  };
  const onLogout = async () => {
    // Messages written offline and not sent yet would be wiped with everything else: ask first.
    const count = await messagesWaitingToSend();
    if (count > 0) setWaiting(count);
    else await logOutNow();
  };
  return (
    <>
      <LogoutWithOutbox waiting={waiting} onStay={() => setWaiting(0)} onLogout={() => void logOutNow()} />
      <DropdownMenu.Root defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger>
          <AccountButton user={user} collapsed={collapsed} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className="user-menu">
          <DropdownMenu.Label>
            <Flex direction="column">
              <Text size="2" weight="medium" highContrast>
                {user.name}
              </Text>
              <Text size="1" color="gray" className="user-menu__email">
                {user.email}
              </Text>
            </Flex>
          </DropdownMenu.Label>
          <DropdownMenu.Separator />
          <DropdownMenu.Item asChild>
            <RouterLink to="/settings" onClick={onChoose}>
              <GearIcon /> Settings
            </RouterLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <RouterLink to={HELP_PATH} onClick={onChoose}>
              <QuestionMarkCircledIcon /> Help &amp; Support
            </RouterLink>
          </DropdownMenu.Item>
          {/* Shown only while the browser offers installation (beforeinstallprompt). */}
          <InstallAppMenuItem />
          <DropdownMenu.Separator />
          <DropdownMenu.Item color="red" onSelect={() => void onLogout()}>
            <ExitIcon /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </>
  );
}
