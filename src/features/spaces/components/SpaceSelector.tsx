import { useCallback, useEffect, useState, type ComponentProps } from 'react';
import type { CreateSpaceDialog as CreateSpaceDialogComponent } from './CreateSpaceDialog';
import { deferredControl, useDeferredControl } from '../../../ui/deferred-control';
import { SpaceButton } from './SpaceButton';

/** Global event that asks for the Create New Space dialog (spec 000 §2). */
export const OPEN_SPACE_SELECTOR_EVENT = 'open-space-selector';

interface SpaceSelectorProps {
  collapsed: boolean;
  /** Only org_owner and org_admin may create spaces. */
  canCreate: boolean;
  onChoose?: () => void;
}

/** The menu's and the dialog's code are not part of the shell's first render: they load on first use. */
const spaceMenu = deferredControl(() => import('./SpaceMenu'));
const createSpaceDialog = deferredControl<ComponentProps<typeof CreateSpaceDialogComponent>>(() => import('./CreateSpaceDialog').then((module) => ({ default: module.CreateSpaceDialog })));

/** Sidebar control listing the user's spaces, switching between them and creating new ones. */
export function SpaceSelector({ collapsed, canCreate, onChoose }: SpaceSelectorProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const menu = useDeferredControl(spaceMenu);
  const dialog = useDeferredControl(createSpaceDialog);
  const { request: requestMenu } = menu;
  const { request: requestDialog } = dialog;

  const openMenu = useCallback(() => {
    setMenuOpen(true);
    requestMenu();
  }, [requestMenu]);
  const openCreate = useCallback(() => {
    setCreateOpen(true);
    requestDialog();
  }, [requestDialog]);

  useEffect(() => {
    // Screens that need a space ask for one with this event: managers get the create dialog,
    // everyone else the list to pick from.
    const open = () => (canCreate ? openCreate() : openMenu());
    window.addEventListener(OPEN_SPACE_SELECTOR_EVENT, open);
    return () => window.removeEventListener(OPEN_SPACE_SELECTOR_EVENT, open);
  }, [canCreate, openCreate, openMenu]);

  const Menu = menu.Control;
  const Dialog = dialog.Control;
  return (
    <>
      {Menu ? (
        <Menu collapsed={collapsed} canCreate={canCreate} open={menuOpen} onOpenChange={setMenuOpen} onChoose={onChoose} onCreate={openCreate} />
      ) : (
        <SpaceButton collapsed={collapsed} aria-haspopup="menu" aria-expanded={false} onClick={openMenu} onPointerEnter={menu.warm} onFocus={menu.warm} />
      )}
      {canCreate && Dialog ? <Dialog open={createOpen} onOpenChange={setCreateOpen} /> : null}
    </>
  );
}
