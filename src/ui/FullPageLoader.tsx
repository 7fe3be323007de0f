import { Flex, Text } from '@radix-ui/themes';
import { DelayedSpinner } from './DelayedSpinner';
import { Logo } from './Logo';

/**
 * The page has been loading this long (from the navigation) before the start-up loader adds a
 * spinner to "Loading Mosaic…": until then it looks exactly like the boot splash it replaces.
 */
export const START_UP_SPINNER_AT_MS = 2000;

/**
 * The calm full-page state shown while the session is being restored. The label stays centred
 * under the mark, where the boot splash in index.html drew it; the spinner, when it comes, hangs
 * to its left.
 */
export function FullPageLoader({ label = 'Loading Mosaic…' }: { label?: string }) {
  return (
    <Flex className="full-page-center" direction="column" align="center" justify="center" gap="4" role="status">
      <Logo size={40} />
      <Text size="2" color="gray" className="full-page-loader__label">
        <span className="full-page-loader__spinner">
          <DelayedSpinner size="2" revealAtMs={START_UP_SPINNER_AT_MS} />
        </span>
        {label}
      </Text>
    </Flex>
  );
}
