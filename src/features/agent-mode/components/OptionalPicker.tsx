import type { ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

interface OptionalPickerProps {
  /** The label's id: the picker's button refers to it (aria-describedby). */
  labelId: string;
  label: string;
  /** The button and the popover it opens. */
  picker: ReactNode;
  /** What is chosen so far, under the label. */
  children: ReactNode;
}

/** An optional choice of the goal form (documents, assets): label, "(optional)", the picker, then what was chosen. */
export function OptionalPicker({ labelId, label, picker, children }: OptionalPickerProps) {
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text size="2" weight="bold" id={labelId}>
          {label}
        </Text>
        <Text size="2" color="gray">
          (optional)
        </Text>
        {picker}
      </Flex>
      {children}
    </Flex>
  );
}
