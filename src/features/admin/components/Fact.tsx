import type { ReactNode } from 'react';
import { DataList } from '@radix-ui/themes';

/** One labelled fact of a drawer's list (DataList.Root), the labels lined up at one width. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value>{children}</DataList.Value>
    </DataList.Item>
  );
}
