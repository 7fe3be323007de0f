import { Flex, Spinner } from '@radix-ui/themes';

/** Shown in the content area while a screen's code arrives (every screen loads on demand). */
export function ScreenLoader() {
  return (
    <Flex className="screen-loader" align="center" justify="center" role="status" aria-label="Loading screen">
      <Spinner size="3" />
    </Flex>
  );
}
