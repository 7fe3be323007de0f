import { useRef, type ReactNode } from 'react';
import { IconButton } from '@radix-ui/themes';
import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { authState } from '../../session';
import { OfflineBanner } from '../../pwa/OfflineBanner';
import { BrandLink } from '../../ui/BrandLink';
import { PRODUCT_TOOLTIP_DELAY_MS } from '../AppProviders';
import { useCurrentRoute } from '../route-handle';
import { BreadcrumbBar } from './BreadcrumbBar';
import { ScreenArrivingBar } from './ScreenArrivingBar';
import { Sidebar } from './Sidebar';
import { useSidebarState } from './useSidebarState';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';

/**
 * Sidebar + header + content, for signed-in users away from Login/Register (spec 000 §2). Also the
 * tooltip provider for every signed-in screen (see PRODUCT_TOOLTIP_DELAY_MS for why it is here).
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={PRODUCT_TOOLTIP_DELAY_MS}>
      <ShellLayout>{children}</ShellLayout>
    </TooltipPrimitive.Provider>
  );
}

function ShellLayout({ children }: { children: ReactNode }) {
  const { user } = useSnapshot(authState);
  const sidebar = useSidebarState();
  const current = useCurrentRoute();
  const fullHeight = current?.handle.fullHeight === true;
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(mainRef);
  if (!user) return <>{children}</>;

  return (
    <div className="app-shell" data-sidebar-collapsed={sidebar.collapsed || undefined}>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Sidebar user={user} state={sidebar} />
      <div className={fullHeight ? 'app-main app-main--full-height' : 'app-main'}>
        {sidebar.isMobile ? (
          <header className="mobile-topbar">
            <IconButton
              variant="ghost"
              color="gray"
              size="3"
              // The name says what pressing it does now; aria-expanded says the menu's state.
              aria-label={sidebar.mobileOpen ? 'Close menu' : 'Open menu'}
              aria-controls="app-sidebar"
              aria-expanded={sidebar.mobileOpen}
              onClick={sidebar.mobileOpen ? sidebar.closeMobile : sidebar.openMobile}
            >
              <HamburgerMenuIcon width={18} height={18} />
            </IconButton>
            <BrandLink to="/dashboard" label="Mosaic home" className="mobile-topbar__brand" logoSize={24} textSize="3" />
          </header>
        ) : null}
        <BreadcrumbBar />
        <OfflineBanner />
        <ScreenArrivingBar />
        <main ref={mainRef} id="main-content" tabIndex={-1} className={fullHeight ? 'app-content app-content--full-height' : 'app-content'}>
          {children}
        </main>
      </div>
    </div>
  );
}
