import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';

/** What to do after a load failed; the Retry button beside it does it. */
export const LOAD_FAILED_ADVICE = 'Check your connection and try again.';

interface LoadFailedProps {
  /** What failed, without a full stop ("Failed to load users"). */
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A load that failed: what happened, what to do, and Retry. */
export function LoadFailed({ message, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>
          {message}. {LOAD_FAILED_ADVICE}
        </Callout.Text>
        <Button size="1" variant="soft" color="red" loading={retrying} onClick={onRetry}>
          <ReloadIcon /> Retry
        </Button>
      </Flex>
    </Callout.Root>
  );
}
