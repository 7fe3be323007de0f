import { Button, Theme } from '@radix-ui/themes';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectivity,
  NetworkRequiredTooltip,
  OfflineBanner,
  onConnectionBack,
  reportNetworkFailure,
  reportNetworkSuccess,
  startConnectivityTracking,
} from '../../../src/pwa';
import { installDomShims } from '../app/support/dom';

let browserOnline = true;
let stopTracking: (() => void) | undefined;

function setBrowserOnline(online: boolean, announce = true): void {
  browserOnline = online;
  if (announce) act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

beforeEach(() => {
  installDomShims();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => browserOnline });
  browserOnline = true;
  reportNetworkSuccess();
});

afterEach(() => {
  stopTracking?.();
  stopTracking = undefined;
  vi.useRealTimers();
});

describe('connectivity store', () => {
  it('follows the browser going offline and online', () => {
    stopTracking = startConnectivityTracking();
    setBrowserOnline(false);
    expect(connectivity).toMatchObject({ online: false, cause: 'browser' });
    setBrowserOnline(true);
    expect(connectivity).toMatchObject({ online: true, cause: 'browser' });
  });

  it('starts from what the browser knows', () => {
    browserOnline = false;
    stopTracking = startConnectivityTracking();
    expect(connectivity.online).toBe(false);
  });

  it('goes offline when a call gets no response although the browser claims to be online', () => {
    stopTracking = startConnectivityTracking();
    reportNetworkFailure();
    expect(connectivity).toMatchObject({ online: false, cause: 'request' });
    reportNetworkSuccess();
    expect(connectivity).toMatchObject({ online: true, cause: 'request' });
  });

  it('stays offline while the browser says so, though an answer to a call sent before arrives', () => {
    stopTracking = startConnectivityTracking();
    setBrowserOnline(false);
    // A read sent on a slow network before the connection went is answered after it.
    reportNetworkSuccess();
    expect(connectivity).toMatchObject({ online: false, cause: 'browser' });
    setBrowserOnline(true);
    expect(connectivity.online).toBe(true);
  });

  it('keeps the time of the last change, not of repeated reports', () => {
    reportNetworkFailure();
    const wentOffline = connectivity.changedAt;
    reportNetworkFailure();
    expect(connectivity.changedAt).toBe(wentOffline);
  });

  it('probes the server while offline and comes back when it answers', async () => {
    vi.useFakeTimers();
    let reachable = false;
    const fetchImpl = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 503 });
    });
    stopTracking = startConnectivityTracking({ probeIntervalMs: 1_000, fetchImpl });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchImpl).not.toHaveBeenCalled(); // online: no probing

    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/health', { cache: 'no-store' });
    expect(connectivity.online).toBe(false);

    reachable = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connectivity).toMatchObject({ online: true, cause: 'probe' });
  });

  it('does not probe while the browser itself says there is no network', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => new Response(null));
    stopTracking = startConnectivityTracking({ probeIntervalMs: 1_000, fetchImpl });
    setBrowserOnline(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(connectivity.online).toBe(false);
  });

  it('stops listening when stopped', () => {
    // A window of its own: the app's offline layer, once started in this worker, listens on the
    // real one for the rest of the page's life, as it does in the app.
    const target = Object.assign(new EventTarget(), { navigator: { onLine: true } }) as unknown as Window;
    const stop = startConnectivityTracking({ target });
    stop();
    act(() => void target.dispatchEvent(new Event('offline')));
    expect(connectivity.online).toBe(true);
  });

  it('tells each return of the connection, with what brought it, and only returns', () => {
    stopTracking = startConnectivityTracking();
    const returns: string[] = [];
    const stop = onConnectionBack((cause) => returns.push(cause));
    reportNetworkFailure();
    reportNetworkSuccess();
    setBrowserOnline(false);
    reportNetworkFailure();
    setBrowserOnline(true);
    reportNetworkSuccess();
    // Offline and back within one tick is still a return (the store's own notice is batched).
    reportNetworkFailure();
    reportNetworkSuccess();
    stop();
    reportNetworkFailure();
    reportNetworkSuccess();
    expect(returns).toEqual(['request', 'browser', 'request']);
  });

  it('a listener that fails keeps neither the others nor the caller from their return', () => {
    stopTracking = startConnectivityTracking();
    const returns: string[] = [];
    const stopFailing = onConnectionBack(() => {
      throw new Error('listener fault');
    });
    const stop = onConnectionBack((cause) => returns.push(cause));
    reportNetworkFailure();
    expect(() => reportNetworkSuccess()).not.toThrow();
    stopFailing();
    stop();
    expect(returns).toEqual(['request']);
    expect(connectivity.online).toBe(true);
  });
});

describe('offline banner and network-only actions', () => {
  it('shows the calm offline banner only while offline', async () => {
    stopTracking = startConnectivityTracking();
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    setBrowserOnline(false);
    expect((await screen.findByRole('status')).textContent).toBe("You're offline — showing saved data");

    setBrowserOnline(true);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('disables an action offline and says why', async () => {
    const user = userEvent.setup();
    render(
      <Theme>
        <NetworkRequiredTooltip>{({ disabled }) => <Button disabled={disabled}>Send</Button>}</NetworkRequiredTooltip>
      </Theme>,
    );
    const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send().disabled).toBe(false);

    act(() => reportNetworkFailure());
    await waitFor(() => expect(send().disabled).toBe(true));
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toContain("You're offline. This needs a connection.");

    act(() => reportNetworkSuccess());
    await waitFor(() => expect(send().disabled).toBe(false));
  });
});
