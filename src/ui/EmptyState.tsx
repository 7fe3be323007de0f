import type { ReactNode } from 'react';
import { Flex, Heading, Text } from '@radix-ui/themes';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Buttons or links offering the next step. */
  actions?: ReactNode;
  /** 'h1' when the empty state is the whole screen (no page header above it). */
  headingAs?: 'h1' | 'h2' | 'h3';
}

/** A centred, quiet panel for screens with nothing to show yet. */
export function EmptyState({ icon, title, description, actions, headingAs = 'h2' }: EmptyStateProps) {
  return (
    <Flex className="empty-state" direction="column" align="center" gap="3" py="8" px="4">
      <Flex className="empty-state__icon" align="center" justify="center" aria-hidden="true">
        {icon}
      </Flex>
      <Heading as={headingAs} size="4" align="center">
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
