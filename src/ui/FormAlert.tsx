import type { ReactNode } from 'react';
import { Callout } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';

type Tone = 'error' | 'info' | 'success';

const TONES = {
  error: { color: 'red', Icon: ExclamationTriangleIcon, role: 'alert' },
  info: { color: 'blue', Icon: InfoCircledIcon, role: 'status' },
  success: { color: 'green', Icon: CheckCircledIcon, role: 'status' },
} as const;

/** A one-line message above or below a form. */
export function FormAlert({ tone, children }: { tone: Tone; children: ReactNode }) {
  const { color, Icon, role } = TONES[tone];
  return (
    <Callout.Root color={color} role={role} size="1">
      <Callout.Icon>
        <Icon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
