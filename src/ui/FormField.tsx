import type { ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

interface FormFieldProps {
  label: string;
  /** id of the control; the error and hint ids derive from it ('{id}-error', '{id}-hint'). */
  htmlFor: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
}

/**
 * The control's aria-invalid and aria-describedby, pointing at what FormField shows under it for
 * `id`: the error when there is one, else the hint when the field has one.
 */
export function describedBy(id: string, error: string | null | undefined, withHint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : withHint ? `${id}-hint` : undefined,
  } as const;
}

/** Label, control, and either the field's error or its hint underneath. */
export function FormField({ label, htmlFor, error, hint, optional = false, children }: FormFieldProps) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={htmlFor} size="2" weight="medium">
        {label}
        {optional ? (
          <Text color="gray" weight="regular">
            {' '}
            (optional)
          </Text>
        ) : null}
      </Text>
      {children}
      {error ? (
        <Text id={`${htmlFor}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : hint ? (
        <Text id={`${htmlFor}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}
