import type { ReactNode } from 'react';
import { Callout } from '@radix-ui/themes';

type IconCalloutProps = Omit<Callout.RootProps, 'children'> & {
  icon: ReactNode;
  children: ReactNode;
};

/** A callout of one icon and one text: the shape every notice, warning and error box takes. */
export function IconCallout({ icon, children, ...root }: IconCalloutProps) {
  return (
    <Callout.Root {...root}>
      <Callout.Icon>{icon}</Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
