import type { ComponentPropsWithRef } from 'react';
import { Avatar, Flex, Text } from '@radix-ui/themes';
import { CaretSortIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { spacesState } from '../../../session';
import { DecorativeInitials } from '../../../ui/decorative';

type SpaceButtonProps = ComponentPropsWithRef<'button'> & { collapsed: boolean };

/** The sidebar's current-space button: the space menu's trigger, and its stand-in until the menu's code is in. */
export function SpaceButton({ collapsed, ...button }: SpaceButtonProps) {
  const { spaces, currentSpaceId, loading } = useSnapshot(spacesState);
  const current = spaces.find((space) => space.id === currentSpaceId) ?? null;
  const label = current?.name ?? (loading ? 'Loading spaces...' : 'Choose a space');
  return (
    <button type="button" className="space-trigger" aria-label={`Space: ${label}`} data-collapsed={collapsed || undefined} {...button}>
      <Avatar size="2" radius="medium" variant="solid" fallback={<DecorativeInitials text={(current?.name ?? '?').slice(0, 1).toUpperCase()} />} aria-hidden="true" />
      {collapsed ? null : (
        <>
          <Flex direction="column" className="space-trigger__text">
            <Text size="1" color="gray">
              Space
            </Text>{' '}
            <Text size="2" weight="medium" truncate>
              {label}
            </Text>
          </Flex>
          <CaretSortIcon className="space-trigger__caret" aria-hidden="true" />
        </>
      )}
    </button>
  );
}
