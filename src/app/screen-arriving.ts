import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';

interface Arrival {
  /** A navigation waits for its screen's code and the previous screen stays (useScreenArrival.ts). */
  arriving: boolean;
  /** The path the person asked for: the address bar's, even while the previous screen stays. */
  requestedPathname: string | null;
}

export const ScreenArrivingContext = createContext<Arrival>({ arriving: false, requestedPathname: null });

export function useScreenArriving(): boolean {
  return useContext(ScreenArrivingContext).arriving;
}

/**
 * The path the person is going to: the sidebar marks the item they picked at once, while its
 * screen's code may still be on its way. Outside AppRoutes (a screen rendered alone), the router's.
 */
export function useRequestedPathname(): string {
  const { pathname } = useLocation();
  return useContext(ScreenArrivingContext).requestedPathname ?? pathname;
}
