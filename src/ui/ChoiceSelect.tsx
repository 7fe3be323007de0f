import type { ReactNode } from 'react';
import { Select, type SelectContentProps, type SelectRootProps, type SelectTriggerProps } from './Select';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

/** Choices from a list of values and the words each is shown with. */
export function choicesOf<V extends string>(values: readonly V[], labels: Record<V, ReactNode>): Choice<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

interface ChoiceSelectProps<V extends string> {
  value: V;
  onValueChange: (value: V) => void;
  choices: readonly Choice<V>[];
  /** The select's name for screen readers, where no visible label names it. */
  label?: string;
  /** The rest of the button's props: id, variant, colour, class. */
  trigger?: Omit<SelectTriggerProps, 'aria-label'>;
  size?: SelectRootProps['size'];
  disabled?: boolean;
  /** 'popper' opens the list under the button instead of over it. */
  position?: SelectContentProps['position'];
}

/** A select of one value among listed choices. */
export function ChoiceSelect<V extends string>({ value, onValueChange, choices, label, trigger, size, disabled, position }: ChoiceSelectProps<V>) {
  return (
    // Only the listed values can be picked, so the string Radix hands back is one of them.
    <Select.Root value={value} onValueChange={(picked) => onValueChange(picked as V)} size={size} disabled={disabled}>
      <Select.Trigger {...trigger} aria-label={label} />
      <Select.Content position={position}>
        {choices.map((choice) => (
          <Select.Item key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
