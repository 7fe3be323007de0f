import type { ReactNode } from 'react';
import { Flex } from '@radix-ui/themes';
import { NameWithDetail } from './NameWithDetail';

/** The top of a row's card on a phone: its name and detail, and its badge on the right. */
export function CardHead({ name, detail, badge }: { name: string; detail: string; badge: ReactNode }) {
  return (
    <Flex justify="between" align="start" gap="3">
      <NameWithDetail name={name} detail={detail} />
      {badge}
    </Flex>
  );
}
