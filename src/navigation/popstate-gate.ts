/**
 * The first say over the browser's back and forward buttons. Listeners on window for an event
 * aimed at window run in the order they were added (a capture listener gets no head start), so a
 * screen that wants to hold a back navigation (useLeaveGuard) cannot get in ahead of the router,
 * whose listener is added when the app starts. This one listener is added before the router, and
 * screens register with it.
 */

/** Returns true to stop the event: the router then never hears of the navigation. */
export type PopStateHandler = (event: PopStateEvent) => boolean;

const handlers = new Set<PopStateHandler>();
let installed = false;

/** Call before the router starts listening (main.tsx); later calls do nothing. */
export function installPopStateGate(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener(
    'popstate',
    (event) => {
      for (const handler of handlers) {
        if (handler(event)) {
          event.stopImmediatePropagation();
          return;
        }
      }
    },
    { capture: true },
  );
}

/** Hears every back and forward before the router; returns the function that stops it. */
export function onPopStateFirst(handler: PopStateHandler): () => void {
  installPopStateGate();
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}
