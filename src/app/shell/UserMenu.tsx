import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Avatar, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { ExitIcon, GearIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import type { User } from '../../contract/auth';
import { logout } from '../../features/auth/auth.store';
import { InstallAppMenuItem } from '../../pwa/InstallAppMenuItem';

/** Help & Support lives on the Settings screen (its #help section), so it works offline too. */
export const HELP_PATH = '/settings#help';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

interface UserMenuProps {
  user: Pick<User, 'name' | 'email'>;
  collapsed: boolean;
  onChoose: () => void;
}

/** Sidebar footer: who is signed in, Settings, Help & Support, Log out. */
export function UserMenu({ user, collapsed, onChoose }: UserMenuProps) {
  const navigate = useNavigate();
  const onLogout = async () => {
    onChoose();
    await logout();
    // logout() also announces LOGOUT_COMPLETE, which redirects; navigating here keeps it certain.
    void navigate('/login', { replace: true });
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <button type="button" className="user-menu-trigger" aria-label={`Account menu for ${user.name || user.email}`}>
          <Avatar size="2" radius="full" fallback={initials(user.name, user.email)} color="iris" variant="soft" />
          {collapsed ? null : (
            <Flex direction="column" className="user-menu-trigger__text">
              <Text size="2" weight="medium" truncate>
                {user.name}
              </Text>
              <Text size="1" color="gray" truncate>
                {user.email}
              </Text>
            </Flex>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content side="top" align="start" sideOffset={6} className="user-menu">
        <DropdownMenu.Label>
          <Flex direction="column">
            <Text size="2" weight="medium" highContrast>
              {user.name}
            </Text>
            <Text size="1" color="gray">
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
  );
}
