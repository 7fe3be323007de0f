import type { ComponentType, ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

interface NothingToShowProps {
  icon: ComponentType<{ width?: number; height?: number; color?: string }>;
  py: '5' | '6';
  children: ReactNode;
}

/** A quiet line, under a grey icon, where a panel has no figures for what is chosen. */
export function NothingToShow({ icon: Icon, py, children }: NothingToShowProps) {
  return (
    <Flex direction="column" align="center" gap="2" py={py}>
      <Icon width={22} height={22} color="var(--gray-9)" />
      <Text size="2" color="gray" align="center">
        {children}
      </Text>
    </Flex>
  );
}
