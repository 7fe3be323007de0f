import { Text } from '@radix-ui/themes';

/** Why the last action failed, in red where it happened (read out at once); nothing when `message` is null. */
export function ErrorText({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text size="2" color="red" role="alert">
      {message}
    </Text>
  );
}
