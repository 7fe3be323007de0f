import type { ReactNode } from 'react';
import { Tooltip, VisuallyHidden } from '@radix-ui/themes';
import { NETWORK_REQUIRED_MESSAGE } from '../../../pwa/NetworkRequiredTooltip';
import { useOnline } from '../../../pwa/useOnline';

interface ActionGateProps {
  /** Why a rule forbids the action, or null when it is allowed. */
  reason?: string | null;
  /** Renders the control; `disabled` is true while offline or forbidden. */
  children: (state: { disabled: boolean }) => ReactNode;
}

/**
 * An action that needs the server and may be forbidden by an organisation rule: disabled offline
 * or when forbidden, and hovering or focusing it says why (the reason is also read out by screen
 * readers). The wrapper is a focusable span because a disabled control gets no pointer or focus
 * events to open a tooltip with.
 */
export function ActionGate({ reason = null, children }: ActionGateProps) {
  const online = useOnline();
  const why = online ? reason : NETWORK_REQUIRED_MESSAGE;
  if (!why) return <>{children({ disabled: false })}</>;
  return (
    <Tooltip content={why}>
      <span tabIndex={0} className="org-action-gate">
        {children({ disabled: true })}
        <VisuallyHidden>{why}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
