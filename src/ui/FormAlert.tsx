import type { ReactNode } from 'react';
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { IconCallout } from './IconCallout';

type Tone = 'error' | 'info' | 'success';

const TONES = {
  error: { color: 'red', Icon: ExclamationTriangleIcon, role: 'alert' },
  info: { color: 'blue', Icon: InfoCircledIcon, role: 'status' },
  success: { color: 'green', Icon: CheckCircledIcon, role: 'status' },
} as const;

interface FormAlertProps {
  tone: Tone;
  /** '2' where the message stands on its own in a dialog rather than under a field. */
  size?: '1' | '2';
  children: ReactNode;
}

/** A one-line message above or below a form. */
export function FormAlert({ tone, size = '1', children }: FormAlertProps) {
  const { color, Icon, role } = TONES[tone];
  return (
    <IconCallout color={color} role={role} size={size} icon={<Icon />}>
      {children}
    </IconCallout>
  );
}
