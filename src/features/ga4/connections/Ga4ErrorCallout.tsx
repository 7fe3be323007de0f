import { Link as RouterLink } from 'react-router-dom';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon, InfoCircledIcon, ReloadIcon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import type { Ga4Failure } from './ga4-errors';

interface Ga4ErrorCalloutProps {
  failure: Ga4Failure;
  onRetry?: () => void;
}

/**
 * A GA4 failure with its next step: token or permission problems lead to Connections to reconnect;
 * temporary ones (refreshing, quota) and others offer to try again.
 */
export function Ga4ErrorCallout({ failure, onRetry }: Ga4ErrorCalloutProps) {
  const temporary = failure.kind === 'temporary';
  return (
    <Callout.Root color={temporary ? 'amber' : 'red'} role="alert" className="ga4-callout">
      <Callout.Icon>{temporary ? <InfoCircledIcon /> : <ExclamationTriangleIcon />}</Callout.Icon>
      <Flex direction={{ initial: 'column', sm: 'row' }} gap="3" align={{ initial: 'start', sm: 'center' }} justify="between" width="100%">
        <Callout.Text>{failure.message}</Callout.Text>
        {failure.kind === 'auth' ? (
          <Button asChild size="1" variant="soft" color="red">
            <RouterLink to="/connections">Reconnect in Connections</RouterLink>
          </Button>
        ) : onRetry ? (
          <NetworkRequiredTooltip>
            {({ disabled }) => (
              <Button size="1" variant="soft" color={temporary ? 'amber' : 'red'} disabled={disabled} onClick={onRetry}>
                <ReloadIcon /> Try again
              </Button>
            )}
          </NetworkRequiredTooltip>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
