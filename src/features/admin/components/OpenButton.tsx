import { Button } from '@radix-ui/themes';

/** Opens one row of an admin list in its drawer; larger on a phone's card, for the finger. */
export function OpenButton({ name, size, onOpen }: { name: string; size: '1' | '3'; onOpen: () => void }) {
  return (
    <Button size={size} variant="soft" onClick={onOpen} aria-label={`Open ${name}`}>
      Open
    </Button>
  );
}
