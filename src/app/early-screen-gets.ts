/**
 * On a signed-in start, the GETs the shell and the first screen make as they open begin when the
 * spaces are ready (the moment space-scoped calls can go), while the shell's and the screen's code
 * is still downloading (src/api/early-gets.ts).
 */
import type { RouteObject } from 'react-router-dom';
import { http } from '../api';
import { BILLING_ROUTES } from '../contract/billing-routes';
import { endpointPath } from '../contract/endpoint';
import { onSpacesEvent } from '../session';
import { currentRouteHandle } from './route-handle';
import { matchRoutesOnce } from './route-matches';

/** The plan card's GETs (billing.store's first load): every signed-in screen shows the card. */
const SHELL_GETS = [endpointPath(BILLING_ROUTES.plan), endpointPath(BILLING_ROUTES.credits)];

/** Call once, at start-up, for a stored session. Only the first spaces-ready counts. */
export function startScreenGetsWhenSpacesReady(routes: RouteObject[]): void {
  const stop = onSpacesEvent('spaces-ready', ({ currentSpaceId }) => {
    stop();
    if (!currentSpaceId) return;
    const screen = currentRouteHandle(matchRoutesOnce(routes, window.location.pathname) ?? [])?.handle;
    http.startEarly([...SHELL_GETS, ...(screen?.opensWith ?? [])]);
  });
}
