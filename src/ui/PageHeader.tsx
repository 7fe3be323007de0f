import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Title row at the top of every screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex className="page-header" justify="between" align="start" gap="4" wrap="wrap" mb="5">
      <Box>
        <Heading as="h1" size="6" weight="bold">
          {title}
        </Heading>
        {description ? (
          <Text as="p" size="2" color="gray" mt="1">
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? <Flex gap="2">{actions}</Flex> : null}
    </Flex>
  );
}
