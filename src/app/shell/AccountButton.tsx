import type { ComponentPropsWithRef } from 'react';
import { Avatar, Flex, Text } from '@radix-ui/themes';
import type { User } from '../../contract/auth';
import { DecorativeInitials } from '../../ui/decorative';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The name speaks every text the button shows (name and email when expanded), after what it does. */
function accountMenuLabel(user: Pick<User, 'name' | 'email'>, collapsed: boolean): string {
  const who = user.name || user.email;
  return collapsed || !user.name ? `Account menu for ${who}` : `Account menu for ${user.name} ${user.email}`;
}

type AccountButtonProps = ComponentPropsWithRef<'button'> & { user: Pick<User, 'name' | 'email'>; collapsed: boolean };

/** The sidebar footer's account button: the menu's trigger, and its stand-in until the menu's code is in. */
export function AccountButton({ user, collapsed, ...button }: AccountButtonProps) {
  return (
    <button type="button" className="user-menu-trigger" aria-label={accountMenuLabel(user, collapsed)} {...button}>
      <Avatar size="2" radius="full" fallback={<DecorativeInitials text={initials(user.name, user.email)} />} color="iris" variant="soft" aria-hidden="true" />
      {collapsed ? null : (
        <Flex direction="column" className="user-menu-trigger__text">
          <Text size="2" weight="medium" truncate>
            {user.name}
          </Text>{' '}
          <Text size="1" color="gray" truncate>
            {user.email}
          </Text>
        </Flex>
      )}
    </button>
  );
}
