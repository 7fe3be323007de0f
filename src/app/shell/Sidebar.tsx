import { Link as RouterLink } from 'react-router-dom';
import { IconButton, Text, Tooltip } from '@radix-ui/themes';
import { Cross2Icon, DoubleArrowLeftIcon, DoubleArrowRightIcon } from '@radix-ui/react-icons';
import type { User } from '../../contract/auth';
import { isOrgManagerRole, isSystemAdminRole } from '../../contract/auth';
import { PlanCard } from '../../features/billing/components/PlanCard';
import { NotificationsButton } from '../../features/notifications/components/NotificationsButton';
import { SpaceSelector } from '../../features/spaces/components/SpaceSelector';
import { Logo } from '../../ui/Logo';
import { sidebarSectionsFor, withWaitingJoinRequests } from './sidebar.sections';
import { useWaitingJoinRequests } from '../../features/orgs/waiting-join-requests';
import { SidebarNav } from './SidebarNav';
import type { SidebarState } from './useSidebarState';
import { UserMenu } from './UserMenu';

/** Collapsed rail width (spec 000 §9); the CSS uses the same value. */
export const SIDEBAR_COLLAPSED_WIDTH_PX = 72;
export const SIDEBAR_EXPANDED_WIDTH_PX = 264;

interface SidebarProps {
  user: Pick<User, 'name' | 'email' | 'role'>;
  state: SidebarState;
}

export function Sidebar({ user, state }: SidebarProps) {
  const { collapsed, isMobile, mobileOpen } = state;
  const systemAdmin = isSystemAdminRole(user.role);
  // Choosing anything in the overlay closes it (spec 000 §2); on desktop this does nothing.
  const onChoose = state.closeMobile;
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH_PX : SIDEBAR_EXPANDED_WIDTH_PX;
  const waiting = useWaitingJoinRequests(isOrgManagerRole(user.role));

  return (
    <>
      {isMobile && mobileOpen ? (
        <div className="sidebar-backdrop" data-testid="sidebar-backdrop" aria-hidden="true" onClick={state.closeMobile} />
      ) : null}
      <aside
        id="app-sidebar"
        className="sidebar"
        aria-label="Sidebar"
        data-collapsed={collapsed || undefined}
        data-mobile={isMobile || undefined}
        data-open={isMobile ? mobileOpen : undefined}
        // Off-canvas on mobile: hidden from assistive tech and focus until opened.
        inert={isMobile && !mobileOpen ? true : undefined}
        style={{ width }}
      >
        <div className="sidebar-header">
          <RouterLink to="/dashboard" className="sidebar-logo" aria-label="Mosaic home" onClick={onChoose}>
            <Logo size={28} />
            {collapsed ? null : (
              <Text size="4" weight="bold" className="sidebar-logo__name">
                Mosaic
              </Text>
            )}
          </RouterLink>
          {isMobile ? (
            <IconButton variant="ghost" color="gray" aria-label="Close menu" onClick={state.closeMobile}>
              <Cross2Icon />
            </IconButton>
          ) : (
            <Tooltip content={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} side="right">
              <IconButton
                variant="ghost"
                color="gray"
                className="sidebar-collapse-button"
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                aria-controls="app-sidebar"
                onClick={state.toggleCollapsed}
              >
                {collapsed ? <DoubleArrowRightIcon /> : <DoubleArrowLeftIcon />}
              </IconButton>
            </Tooltip>
          )}
        </div>

        {systemAdmin ? null : (
          <div className="sidebar-block">
            <SpaceSelector collapsed={collapsed} canCreate={isOrgManagerRole(user.role)} onChoose={onChoose} />
          </div>
        )}

        <div className="sidebar-scroll">
          <SidebarNav sections={withWaitingJoinRequests(sidebarSectionsFor(user.role), waiting)} collapsed={collapsed} onChoose={onChoose} />

          {isOrgManagerRole(user.role) && !collapsed ? (
            <div className="sidebar-block">
              <PlanCard onChoose={onChoose} />
            </div>
          ) : null}
        </div>

        <div className="sidebar-footer">
          <NotificationsButton collapsed={collapsed} onChoose={onChoose} />
          <UserMenu user={user} collapsed={collapsed} onChoose={onChoose} />
        </div>
      </aside>
    </>
  );
}
