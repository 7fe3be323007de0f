import { Flex, Text } from '@radix-ui/themes';
import { DelayedSpinner } from './DelayedSpinner';
import { Logo } from './Logo';

/**
 * The page has been loading this long (from the navigation) before the start-up loader adds a
 * spinner to "Loading Mosaic…": until then it looks exactly like the boot splash it replaces.
 */
export const START_UP_SPINNER_AT_MS = 2000;

/** The calm full-page state shown while the session is being restored. */
export function FullPageLoader({ label = 'Loading Mosaic…' }: { label?: string }) {
  return (
    <Flex className="full-page-center" direction="column" align="center" justify="center" gap="4" role="status">
      <Logo size={40} />
      <Flex align="center" gap="2">
        <DelayedSpinner size="2" revealAtMs={START_UP_SPINNER_AT_MS} />
        <Text size="2" color="gray">
          {label}
        </Text>
      </Flex>
    </Flex>
  );
}
