import type { ReactNode } from 'react';
import { Button, Callout, Flex, IconButton, Skeleton } from '@radix-ui/themes';
import { Cross2Icon, ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { LOAD_FAILED_ADVICE } from '../org-admin.messages';

/** A list that failed to load: what happened, what to do, and a Retry button. */
export function LoadFailed({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
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

/** A refused or failed action, shown until dismissed or the next action. */
export function ActionFailed({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex justify="between" align="start" gap="3" width="100%">
        <Callout.Text>{message}</Callout.Text>
        <IconButton size="1" variant="ghost" color="red" aria-label="Dismiss" onClick={onDismiss}>
          <Cross2Icon />
        </IconButton>
      </Flex>
    </Callout.Root>
  );
}

/** Placeholder rows while a list loads for the first time. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }): ReactNode {
  return (
    <Flex direction="column" gap="3" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="44px" />
      ))}
    </Flex>
  );
}
