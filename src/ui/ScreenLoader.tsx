import { Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { DelayedSpinner } from './DelayedSpinner';

/** A screen whose code takes longer than this to arrive shows a spinner; a quicker one, none. */
export const SCREEN_SPINNER_DELAY_MS = 400;

/** Shown in the content area while a screen's code arrives (every screen loads on demand). */
export function ScreenLoader() {
  const [revealAtMs] = useState(() => performance.now() + SCREEN_SPINNER_DELAY_MS);
  return (
    <Flex className="screen-loader" align="center" justify="center" role="status" aria-label="Loading screen">
      <DelayedSpinner size="3" revealAtMs={revealAtMs} />
    </Flex>
  );
}
