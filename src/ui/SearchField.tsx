import { TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';

/** A text field with a magnifier in front: where what is typed searches or filters a list. */
export function SearchField(props: Omit<TextField.RootProps, 'children'>) {
  return (
    <TextField.Root {...props}>
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
