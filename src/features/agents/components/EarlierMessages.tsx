/**
 * Above a long chat's messages, while the device does not hold its start (docs/agents.md "Opening a
 * chat"): the earlier messages are read as the reader scrolls up, or with the button; while they
 * load it says so; a failed read says why and offers to try again; offline it says they need a
 * connection (what was never read cannot be shown from the device).
 */
import { Button, Flex, Spinner, Text } from '@radix-ui/themes';

export type EarlierState = 'ready' | 'loading' | 'failed' | 'offline';

export const EARLIER_TEXT = {
  load: 'Load earlier messages',
  loading: 'Loading earlier messages…',
  failed: (reason: string) => `Earlier messages could not be loaded. ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`,
  retry: 'Try again',
  offline: 'Earlier messages need a connection. They show here once Mosaic is back online.',
};

interface EarlierMessagesProps {
  state: EarlierState;
  /** Why the last read failed (the agents' error texts). */
  error: string | null;
  onLoad: () => void;
}

export function EarlierMessages({ state, error, onLoad }: EarlierMessagesProps) {
  return (
    <Flex className="earlier-messages" direction="column" align="center" gap="2" px="4" pb="2">
      {state === 'ready' ? (
        <Button variant="soft" size="2" onClick={onLoad}>
          {EARLIER_TEXT.load}
        </Button>
      ) : null}
      {state === 'loading' ? (
        <Flex align="center" gap="2" role="status">
          <Spinner size="2" />
          <Text size="2" color="gray">
            {EARLIER_TEXT.loading}
          </Text>
        </Flex>
      ) : null}
      {state === 'failed' ? (
        <>
          <Text as="p" size="2" color="red" align="center" role="alert">
            {EARLIER_TEXT.failed(error ?? '')}
          </Text>
          <Button variant="soft" size="2" onClick={onLoad}>
            {EARLIER_TEXT.retry}
          </Button>
        </>
      ) : null}
      {state === 'offline' ? (
        <Text as="p" size="2" color="gray" align="center" role="status">
          {EARLIER_TEXT.offline}
        </Text>
      ) : null}
    </Flex>
  );
}
