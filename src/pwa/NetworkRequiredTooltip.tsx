import { Tooltip, VisuallyHidden } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useOnline } from './useOnline';

export const NETWORK_REQUIRED_MESSAGE = "You're offline. This needs a connection.";

interface NetworkRequiredTooltipProps {
  /** Why a rule forbids the action while online (e.g. an organisation rule), or null when allowed. */
  reason?: string | null;
  /** Renders the control; `disabled` is true while offline or forbidden. */
  children: (state: { disabled: boolean }) => ReactNode;
}

/**
 * Wraps an action that needs the server (send, upload, buy): offline, or when `reason` forbids it,
 * the control is disabled and hovering or focusing it says why; screen readers read the reason
 * too. The wrapper is a focusable span because a disabled button receives no pointer or focus
 * events to open a tooltip with.
 *
 *   <NetworkRequiredTooltip>{({ disabled }) => <Button disabled={disabled}>Send</Button>}</NetworkRequiredTooltip>
 */
export function NetworkRequiredTooltip({ reason = null, children }: NetworkRequiredTooltipProps) {
  const online = useOnline();
  const why = online ? reason : NETWORK_REQUIRED_MESSAGE;
  if (!why) return <>{children({ disabled: false })}</>;
  return (
    <Tooltip content={why}>
      <span tabIndex={0} style={{ display: 'inline-flex', borderRadius: 'var(--radius-2)' }}>
        {children({ disabled: true })}
        <VisuallyHidden>{why}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
