import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Theme } from '@radix-ui/themes';
import { markDocumentAppearance, useAppearance } from '../ui/theme-preference';
import { UpdatePromptSlot } from './UpdatePromptSlot';
import { BRAND_ACCENT } from '../contract/brand';
import { onSessionReset } from '../session';

/**
 * Toast constants (spec 000 §9). Width 356px, swipe threshold 45px and the 200 ms removal
 * animation are sonner's built-in defaults and are not configurable props, so they hold as-is.
 */
export const TOASTER_SETTINGS = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  hotkey: ['altKey', 'KeyT'],
  containerAriaLabel: 'Notifications',
  closeButtonAriaLabel: 'Close toast',
} as const;

/**
 * Radix's own tooltip defaults are 700 ms open delay and 300 ms skip delay (Themes sets 200 ms);
 * the product's provider opens at once, and sidebar items ask for 300 ms themselves. The provider
 * lives in the signed-in shell (shell/AppShell.tsx), where every tooltip is: the tooltip code
 * (with popper and floating-ui, ~15 KB gzip) is then not part of the Login screen's first load.
 */
export const PRODUCT_TOOLTIP_DELAY_MS = 0;

/**
 * The toaster arrives right after the first screen instead of with it (it is not needed to paint
 * Login). sonner replays toasts raised before its Toaster subscribed, so none is lost meanwhile.
 */
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Signing out (or an expired session) dismisses every toast: one about the last person's work
 * ("Spring Launch" deleted) must not stay on Login, nor be replayed by sonner to a toaster that
 * mounts for the next person to sign in on this page.
 */
onSessionReset(() => import('sonner').then(({ toast }) => void toast.dismiss()));

/**
 * Theme (light, dark, or the system's setting followed live: this device's choice in Settings),
 * toasts and the update prompt for the whole app.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const appearance = useAppearance();
  // The page around the app changes with it, before the browser paints the change.
  useLayoutEffect(() => markDocumentAppearance(appearance), [appearance]);
  return (
    <Theme appearance={appearance} accentColor={BRAND_ACCENT.radix} grayColor="slate" radius="large" scaling="100%">
      {children}
      <Suspense fallback={null}>
        <Toaster
          theme={appearance}
          // Top: the bottom right is where Send and other primary actions sit, on phones above all.
          position="top-right"
          duration={TOASTER_SETTINGS.duration}
          visibleToasts={TOASTER_SETTINGS.visibleToasts}
          gap={TOASTER_SETTINGS.gap}
          hotkey={[...TOASTER_SETTINGS.hotkey]}
          containerAriaLabel={TOASTER_SETTINGS.containerAriaLabel}
          closeButton
          toastOptions={{ closeButtonAriaLabel: TOASTER_SETTINGS.closeButtonAriaLabel }}
        />
      </Suspense>
      <UpdatePromptSlot />
    </Theme>
  );
}
