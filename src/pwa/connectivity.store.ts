/**
 * Whether the app can reach the server right now. Fed by the browser's online/offline events and
 * by the API client (reportNetworkFailure / reportNetworkSuccess), because navigator.onLine only
 * knows about the local network: a captive portal or a dead uplink still reads "online".
 */
import { proxy } from 'valtio';
import { describeError, logger } from '../lib/logger';
import { endpointPath } from '../contract/endpoint';
import { HEALTH_ROUTES } from '../contract/health-routes';
import { API_PREFIX } from '../contract/paths';

export type ConnectivityCause = 'browser' | 'request' | 'probe';

export interface ConnectivityState {
  online: boolean;
  /** What last changed the answer; useful in logs and tests. */
  cause: ConnectivityCause;
  /** Epoch ms of the last change. */
  changedAt: number;
}

/** The browser's own guess; assume online where it cannot say (no navigator, or a stand-in one). */
function browserSaysOnline(): boolean {
  try {
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  } catch {
    return true;
  }
}

export const connectivity = proxy<ConnectivityState>({
  online: browserSaysOnline(),
  cause: 'browser',
  changedAt: Date.now(),
});

type ConnectionBackListener = (cause: ConnectivityCause) => void;
const connectionBackListeners = new Set<ConnectionBackListener>();

/**
 * Calls `listener` each time the connection comes back, with what said so; answers a stop
 * function. Called as the change is made, not after the store's batched notification, so an
 * offline-online flicker inside one tick is still a return. What to do on a return differs by
 * cause: an answer to some request may come from a slow network that drops again at once (see
 * useChatFromServer.ts), the browser's event and the probe are the connection itself.
 */
export function onConnectionBack(listener: ConnectionBackListener): () => void {
  connectionBackListeners.add(listener);
  return () => connectionBackListeners.delete(listener);
}

function setOnline(online: boolean, cause: ConnectivityCause): void {
  if (connectivity.online === online) return;
  connectivity.online = online;
  connectivity.cause = cause;
  connectivity.changedAt = Date.now();
  if (!online) return;
  for (const listener of [...connectionBackListeners]) {
    try {
      listener(cause);
    } catch (error) {
      // One listener's fault neither stops the others nor the caller's request.
      logger.warn('A listener for the connection coming back failed', { error: describeError(error) });
    }
  }
}

/**
 * A call got no response at all (the catalogue's NETWORK_ERROR). Not for time-outs or error
 * statuses: those mean the server is slow or unhappy, not that the device is offline.
 */
export function reportNetworkFailure(): void {
  setOnline(false, 'request');
}

/**
 * A call got any response from the server, so the device is online again. Not while the browser
 * itself says it is offline: that answer was on its way before the connection went (a slow network's
 * reads outlive it), and it put the app back "online", banner gone and actions enabled, with no
 * connection and no probe left to notice (docs/pwa.md "Network conditions"). The browser's
 * `online` event brings it back.
 */
export function reportNetworkSuccess(): void {
  if (!browserSaysOnline()) return;
  setOnline(true, 'request');
}

/** Re-asking the server while offline: cheap, never cached by the worker (sw/routing-table.ts). */
export const DEFAULT_PROBE_URL = `${API_PREFIX}${endpointPath(HEALTH_ROUTES.liveness)}`;
/** Often enough that the banner goes within seconds of the connection returning; cheap enough to leave running. */
export const DEFAULT_PROBE_INTERVAL_MS = 15_000;

export interface ConnectivityTrackingOptions {
  target?: Window;
  probeUrl?: string;
  probeIntervalMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Starts listening (call once at start-up; returns a stop function). While offline it also probes
 * the server now and then, because offline screens disable the actions whose calls would
 * otherwise notice the connection is back.
 */
export function startConnectivityTracking(options: ConnectivityTrackingOptions = {}): () => void {
  const target = options.target ?? window;
  const probeUrl = options.probeUrl ?? DEFAULT_PROBE_URL;
  const intervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  const goOnline = () => setOnline(true, 'browser');
  const goOffline = () => setOnline(false, 'browser');
  target.addEventListener('online', goOnline);
  target.addEventListener('offline', goOffline);
  setOnline(target.navigator.onLine, 'browser');

  let probing = false;
  const probe = async () => {
    if (connectivity.online || probing || !target.navigator.onLine) return;
    probing = true;
    try {
      await fetchImpl(probeUrl, { cache: 'no-store' });
      // Any answer, even an error status, proves the server is reachable.
      setOnline(true, 'probe');
    } catch {
      // Still unreachable; the next tick tries again.
    } finally {
      probing = false;
    }
  };
  const timer = setInterval(() => void probe(), intervalMs);

  return () => {
    clearInterval(timer);
    target.removeEventListener('online', goOnline);
    target.removeEventListener('offline', goOffline);
  };
}
