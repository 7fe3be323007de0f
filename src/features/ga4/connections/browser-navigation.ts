/**
 * Leaving the app for the Google consent screen (or the server's OAuth callback). Kept in its own
 * module: it is the one place that does a full-page navigation, and tests replace it at this edge.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}

/**
 * An address inside the app (same origin, not the API) can be opened by the router without
 * reloading; returns its path, or null when the browser must really go there.
 */
export function inAppPath(url: string): string | null {
  try {
    const target = new URL(url, window.location.href);
    if (target.origin !== window.location.origin || target.pathname.startsWith('/api/')) return null;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return null;
  }
}
