import { Flex, Text } from '@radix-ui/themes';

/** A row's name and, under it, what tells it apart (an email, a domain), each cut to one line. */
export function NameWithDetail({ name, detail }: { name: string; detail: string }) {
  return (
    <Flex direction="column" minWidth="0">
      <Text size="2" weight="medium" truncate>
        {name}
      </Text>
      <Text size="1" color="gray" truncate>
        {detail}
      </Text>
    </Flex>
  );
}
