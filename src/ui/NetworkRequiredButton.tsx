import { Button, type ButtonProps } from '@radix-ui/themes';
import { NetworkRequiredTooltip } from '../pwa/NetworkRequiredTooltip';

type NetworkRequiredButtonProps = ButtonProps & {
  /** Why a rule forbids the action while online, or null when it is allowed. */
  reason?: string | null;
};

/**
 * A button whose action needs the server (send, save, delete): disabled offline, or for `reason`,
 * with a tooltip saying why (NetworkRequiredTooltip); `disabled` adds the screen's own conditions.
 */
export function NetworkRequiredButton({ reason = null, disabled = false, ...button }: NetworkRequiredButtonProps) {
  return <NetworkRequiredTooltip reason={reason}>{({ disabled: unavailable }) => <Button {...button} disabled={unavailable || disabled} />}</NetworkRequiredTooltip>;
}
