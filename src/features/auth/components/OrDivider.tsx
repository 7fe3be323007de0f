import { Flex, Separator, Text } from '@radix-ui/themes';

/** "—— or ——" between two ways of doing the same thing. */
export function OrDivider() {
  return (
    <Flex align="center" gap="3" aria-hidden="true">
      <Separator size="4" style={{ flex: 1 }} />
      <Text size="1" color="gray">
        or
      </Text>
      <Separator size="4" style={{ flex: 1 }} />
    </Flex>
  );
}
