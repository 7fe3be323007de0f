import { useCallback, useEffect, useState } from 'react';
import { useIsMobile } from '../../ui/useMediaQuery';

/** localStorage key remembering the desktop collapsed state between visits. */
export const SIDEBAR_COLLAPSED_KEY = 'mosaic.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false; // storage can be unavailable (private mode); the sidebar simply starts expanded
  }
}

function saveCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // Not remembering the preference is harmless.
  }
}

export interface SidebarState {
  isMobile: boolean;
  /** Desktop only: narrow icon rail. Always false on mobile. */
  collapsed: boolean;
  /** Mobile only: the slide-in overlay is showing. */
  mobileOpen: boolean;
  toggleCollapsed: () => void;
  openMobile: () => void;
  closeMobile: () => void;
  /** What Ctrl/Cmd+B does: collapse on desktop, open/close on mobile. */
  toggle: () => void;
}

/** Sidebar collapse/overlay state plus the Ctrl/Cmd+B shortcut (spec 000 §2 and §9). */
export function useSidebarState(): SidebarState {
  const isMobile = useIsMobile();
  const [collapsedPreference, setCollapsedPreference] = useState(readCollapsed);
  const [overlayOpen, setOverlayOpen] = useState(false);

  const toggleCollapsed = useCallback(() => {
    if (isMobile) return; // collapsing means nothing for the overlay
    setCollapsedPreference((previous) => {
      saveCollapsed(!previous);
      return !previous;
    });
  }, [isMobile]);
  const openMobile = useCallback(() => setOverlayOpen(true), []);
  const closeMobile = useCallback(() => setOverlayOpen(false), []);
  const toggle = useCallback(() => {
    if (isMobile) setOverlayOpen((open) => !open);
    else toggleCollapsed();
  }, [isMobile, toggleCollapsed]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape closes the phone overlay like any other modal layer; a menu inside it that
      // handled this Escape itself marked it so (Radix prevents the default).
      if (event.key === 'Escape' && isMobile && overlayOpen && !event.defaultPrevented) {
        setOverlayOpen(false);
        document.querySelector<HTMLElement>('.mobile-topbar [aria-controls="app-sidebar"]')?.focus();
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 'b' && event.code !== 'KeyB') return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle, isMobile, overlayOpen]);

  return {
    isMobile,
    collapsed: !isMobile && collapsedPreference,
    mobileOpen: isMobile && overlayOpen,
    toggleCollapsed,
    openMobile,
    closeMobile,
    toggle,
  };
}
