import { Tooltip } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useOnline } from './useOnline';

export const NETWORK_REQUIRED_MESSAGE = "You're offline. This needs a connection.";

interface NetworkRequiredTooltipProps {
  /** Renders the control; `disabled` is true while offline. */
  children: (state: { disabled: boolean }) => ReactNode;
}

/**
 * Wraps an action that needs the server (send, upload, buy): offline, the control is disabled and
 * hovering or focusing it says why. The wrapper is a focusable span because a disabled button
 * receives no pointer or focus events to open a tooltip with.
 *
 *   <NetworkRequiredTooltip>{({ disabled }) => <Button disabled={disabled}>Send</Button>}</NetworkRequiredTooltip>
 */
export function NetworkRequiredTooltip({ children }: NetworkRequiredTooltipProps) {
  const online = useOnline();
  if (online) return <>{children({ disabled: false })}</>;
  return (
    <Tooltip content={NETWORK_REQUIRED_MESSAGE}>
      <span tabIndex={0} style={{ display: 'inline-flex' }}>
        {children({ disabled: true })}
      </span>
    </Tooltip>
  );
}
