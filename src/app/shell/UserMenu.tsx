import { deferredControl, useDeferredControl } from '../../ui/deferred-control';
import { AccountButton } from './AccountButton';
import type { UserMenuProps } from './AccountMenu';

/** The menu's code (Radix's menu, its items) is not part of the shell's first render. */
const accountMenu = deferredControl(() => import('./AccountMenu'));

/**
 * Sidebar footer: who is signed in, and their menu (Settings, Help & Support, Log out). Until first
 * used, the button is a lookalike that loads the menu on hover or focus and opens it when pressed.
 */
export function UserMenu(props: UserMenuProps) {
  const { Control, request, warm } = useDeferredControl(accountMenu);
  // Mounted only once pressed, so it opens at once.
  if (Control) return <Control {...props} defaultOpen />;
  return <AccountButton user={props.user} collapsed={props.collapsed} aria-haspopup="menu" aria-expanded={false} onClick={request} onPointerEnter={warm} onFocus={warm} />;
}
