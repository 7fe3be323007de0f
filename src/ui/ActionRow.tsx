import type { ReactNode } from 'react';
import { Flex } from '@radix-ui/themes';

interface ActionRowProps {
  /** Names the row for screen readers (the person, the space). */
  label: string;
  py: '2' | '3';
  /** What the row is about, in lines under each other. */
  children: ReactNode;
  /** The row's buttons, right of it, or under it where the width is short. */
  actions: ReactNode;
  /** Anything shown under the whole row (a link to copy by hand). */
  after?: ReactNode;
}

/** One row of a list that is acted on: what it is on the left, its buttons on the right. */
export function ActionRow({ label, py, children, actions, after }: ActionRowProps) {
  return (
    <li aria-label={label}>
      <Flex justify="between" align="center" gap="3" py={py} wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          {children}
        </Flex>
        {actions}
      </Flex>
      {after}
    </li>
  );
}
