import { useEffect, useState } from 'react';
import { Avatar, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { CaretSortIcon, CheckIcon, PlusIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { NETWORK_REQUIRED_MESSAGE } from '../../../pwa/NetworkRequiredTooltip';
import { useOnline } from '../../../pwa/useOnline';
import { switchSpace } from '../spaces.store';
import { spacesState } from '../../../session';
import { CreateSpaceDialog } from './CreateSpaceDialog';

/** Global event that asks for the Create New Space dialog (spec 000 §2). */
export const OPEN_SPACE_SELECTOR_EVENT = 'open-space-selector';

interface SpaceSelectorProps {
  collapsed: boolean;
  /** Only org_owner and org_admin may create spaces. */
  canCreate: boolean;
  onChoose?: () => void;
}

/** Sidebar control listing the user's spaces, switching between them and creating new ones. */
export function SpaceSelector({ collapsed, canCreate, onChoose }: SpaceSelectorProps) {
  const { spaces, currentSpaceId, loading } = useSnapshot(spacesState);
  const [createOpen, setCreateOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Switching reloads the new space's data and creating calls the server: both need a connection.
  const online = useOnline();
  const current = spaces.find((space) => space.id === currentSpaceId) ?? null;

  useEffect(() => {
    // Screens that need a space ask for one with this event: managers get the create dialog,
    // everyone else the list to pick from.
    const open = () => (canCreate ? setCreateOpen(true) : setMenuOpen(true));
    window.addEventListener(OPEN_SPACE_SELECTOR_EVENT, open);
    return () => window.removeEventListener(OPEN_SPACE_SELECTOR_EVENT, open);
  }, [canCreate]);

  const choose = (id: string) => {
    onChoose?.();
    if (id === currentSpaceId) return;
    if (switchSpace(id)) toast.success('Switched space successfully');
    else toast.error('That space is no longer available. Refresh the page to see your current spaces.');
  };

  const label = current?.name ?? (loading ? 'Loading spaces...' : 'Choose a space');
  return (
    <>
      <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenu.Trigger>
          <button type="button" className="space-trigger" aria-label={`Space: ${label}`} data-collapsed={collapsed || undefined}>
            <Avatar size="2" radius="medium" variant="solid" fallback={(current?.name ?? '?').slice(0, 1).toUpperCase()} />
            {collapsed ? null : (
              <>
                <Flex direction="column" className="space-trigger__text">
                  <Text size="1" color="gray">
                    Space
                  </Text>
                  <Text size="2" weight="medium" truncate>
                    {label}
                  </Text>
                </Flex>
                <CaretSortIcon className="space-trigger__caret" aria-hidden="true" />
              </>
            )}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="start" side={collapsed ? 'right' : 'bottom'} sideOffset={6} className="space-menu">
          <DropdownMenu.Label>Spaces</DropdownMenu.Label>
          {online ? null : (
            <Text as="p" size="1" color="gray" ml="3" mr="2" mb="1" role="note">
              {NETWORK_REQUIRED_MESSAGE}
            </Text>
          )}
          {loading ? (
            <DropdownMenu.Item disabled>Loading spaces...</DropdownMenu.Item>
          ) : spaces.length === 0 ? (
            <DropdownMenu.Item disabled>No spaces available</DropdownMenu.Item>
          ) : (
            spaces.map((space) => {
              const isCurrent = space.id === currentSpaceId;
              return (
                <DropdownMenu.Item
                  key={space.id}
                  onSelect={() => choose(space.id)}
                  aria-current={isCurrent || undefined}
                  disabled={!online && !isCurrent}
                >
                  <span className="space-menu__check" aria-hidden="true">
                    {isCurrent ? <CheckIcon /> : null}
                  </span>
                  <span className="space-menu__name">{space.name}</span>
                  {isCurrent ? <span className="visually-hidden"> (current space)</span> : null}
                </DropdownMenu.Item>
              );
            })
          )}
          {canCreate ? (
            <>
              <DropdownMenu.Separator />
              <DropdownMenu.Item
                disabled={!online}
                onSelect={() => {
                  onChoose?.();
                  setCreateOpen(true);
                }}
              >
                <PlusIcon /> Create New Space
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {canCreate ? <CreateSpaceDialog open={createOpen} onOpenChange={setCreateOpen} /> : null}
    </>
  );
}
