import type { ReactNode } from 'react';
import { Box } from '@radix-ui/themes';

/** Content column with the product's standard width and padding. */
export function Page({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <Box className={wide ? 'page page--wide' : 'page'}>{children}</Box>;
}
