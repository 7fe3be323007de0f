import type { ReactNode } from 'react';
import { Dialog, Flex, IconButton, Text } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';

interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/**
 * A detail drawer from the right edge (the whole screen on a phone): a modal dialog, so focus
 * stays inside, Escape closes it, and the list behind keeps its place.
 */
export function SidePanel({ open, onClose, title, description, children }: SidePanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Content className="admin-drawer" aria-describedby={undefined}>
        <Flex justify="between" align="start" gap="3" mb="4">
          <div className="admin-drawer__heading">
            <Dialog.Title mb="1">{title}</Dialog.Title>
            <Text as="div" size="2" color="gray" className="break-anywhere">
              {description}
            </Text>
          </div>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" size="3" aria-label="Close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
