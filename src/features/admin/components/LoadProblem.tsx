import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';

/** A load that failed: what happened, what to do, and Retry. */
export function LoadProblem({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>{message}. Check your connection and try again.</Callout.Text>
        <Button size="1" variant="soft" color="red" loading={retrying} onClick={onRetry}>
          <ReloadIcon /> Retry
        </Button>
      </Flex>
    </Callout.Root>
  );
}

/** Shown to support admins above actions they cannot take. */
export function ReadOnlyNotice({ reason }: { reason: string }) {
  return (
    <Callout.Root color="gray" size="1">
      <Callout.Text>{reason}</Callout.Text>
    </Callout.Root>
  );
}
