import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './app/radix-themes.css';
import './styles/app.css';
import './styles/accessibility.css';
import { AppProviders } from './app/AppProviders';
import { startOfflineLayer } from './app/offline-layer';
import { adoptSpaceFromUrl } from './features/notifications/space-from-url';
import { AppRoutes } from './app/AppRoutes';
import { recordRecoverableError } from './app/recoverable-errors';
import { preloadScreensFor } from './app/router';
import { registerScreenPreloader } from './navigation/screen-preload';
import { installPopStateGate } from './navigation/popstate-gate';
import { routes } from './app/routes';
import { initAuth } from './features/auth/auth.store';
import { hasStoredSession } from './session';
import { loadAppShell } from './app/shell/load-app-shell';
import { startScreenGetsWhenSpacesReady } from './app/early-screen-gets';

// Before the router listens: screens holding a back navigation (unsaved work) are heard first.
installPopStateGate();
// Before the first render: install offers, connectivity and request failures are heard from the start.
startOfflineLayer();
// A notification opened from the system tray names its chat's space: start in it.
adoptSpaceFromUrl();

// A stored session is most likely still good: its check (GET /me, then the spaces) starts now, not
// from the first render's effect, so on a phone the requests overlap that render (GuardedOutlet's
// own call joins this one). The first screen's own GETs follow as soon as the spaces are ready.
const returning = hasStoredSession();
if (returning) {
  startScreenGetsWhenSpacesReady(routes);
  void initAuth();
}
// Each in its own task, right after this one: starting a download adds a <link rel=modulepreload>
// per chunk it needs, and on a slow phone that work would lengthen the start-up task (one task for
// both was still long). The signed-in shell comes first for a returning user: every signed-in
// screen renders inside it.
if (returning) setTimeout(() => void loadAppShell().catch(() => undefined), 0);
setTimeout(() => void preloadScreensFor(routes, window.location.pathname), 0);
// A screen may fetch the code of the screen it opens next (a new chat, its chat) ahead of time.
registerScreenPreloader((pathname) => preloadScreensFor(routes, pathname));
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A transition: the first render (providers, router, guard) is cut into short slices instead of
// one long task, so a phone stays responsive while it runs (docs/performance.md, total blocking time).
const root = createRoot(container, { onRecoverableError: recordRecoverableError });
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
