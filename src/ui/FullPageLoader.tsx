import { Flex, Spinner, Text } from '@radix-ui/themes';
import { Logo } from './Logo';

/** The calm full-page state shown while the session is being restored. */
export function FullPageLoader({ label = 'Loading Mosaic…' }: { label?: string }) {
  return (
    <Flex className="full-page-center" direction="column" align="center" justify="center" gap="4" role="status">
      <Logo size={40} />
      <Flex align="center" gap="2">
        <Spinner size="2" />
        <Text size="2" color="gray">
          {label}
        </Text>
      </Flex>
    </Flex>
  );
}
