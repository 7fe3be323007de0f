import { Callout } from '@radix-ui/themes';

/** Shown to support admins above actions they cannot take. */
export function ReadOnlyNotice({ reason }: { reason: string }) {
  return (
    <Callout.Root color="gray" size="1">
      <Callout.Text>{reason}</Callout.Text>
    </Callout.Root>
  );
}
