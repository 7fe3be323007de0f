import { Text } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { CheckIcon, PlusIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { NETWORK_REQUIRED_MESSAGE } from '../../../pwa/NetworkRequiredTooltip';
import { useOnline } from '../../../pwa/useOnline';
import { switchSpace } from '../spaces.store';
import { spacesState } from '../../../session';
import { sidebarElement } from '../../../ui/decorative';
import { SpaceButton } from './SpaceButton';

export interface SpaceMenuProps {
  collapsed: boolean;
  canCreate: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose?: () => void;
  onCreate: () => void;
}

/** The space menu itself (loaded on first use, SpaceSelector.tsx): the spaces, switching, Create New Space. */
export default function SpaceMenu({ collapsed, canCreate, open, onOpenChange, onChoose, onCreate }: SpaceMenuProps) {
  const { spaces, currentSpaceId, loading } = useSnapshot(spacesState);
  // Switching reloads the new space's data and creating calls the server: both need a connection.
  const online = useOnline();

  const choose = (id: string) => {
    onChoose?.();
    if (id === currentSpaceId) return;
    if (switchSpace(id)) toast.success('Switched space successfully');
    else toast.error('That space is no longer available. Refresh the page to see your current spaces.');
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger>
        <SpaceButton collapsed={collapsed} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" side={collapsed ? 'right' : 'bottom'} sideOffset={6} className="space-menu" container={sidebarElement()}>
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
              <DropdownMenu.Item key={space.id} onSelect={() => choose(space.id)} aria-current={isCurrent || undefined} disabled={!online && !isCurrent}>
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
                onCreate();
              }}
            >
              <PlusIcon /> Create New Space
            </DropdownMenu.Item>
          </>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
