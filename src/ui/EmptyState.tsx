import type { ReactNode } from 'react';
import { Flex, Heading, Text } from '@radix-ui/themes';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Buttons or links offering the next step. */
  actions?: ReactNode;
}

/** A centred, quiet panel for screens with nothing to show yet. */
export function EmptyState({ icon, title, description, actions }: EmptyStateProps) {
  return (
    <Flex className="empty-state" direction="column" align="center" gap="3" py="8" px="4">
      <Flex className="empty-state__icon" align="center" justify="center" aria-hidden="true">
        {icon}
      </Flex>
      <Heading as="h2" size="4" align="center">
        {title}
      </Heading>
      <Text as="p" size="2" color="gray" align="center" className="empty-state__text">
        {description}
      </Text>
      {actions ? (
        <Flex gap="3" mt="2" wrap="wrap" justify="center">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
