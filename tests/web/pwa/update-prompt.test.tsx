import { Theme } from '@radix-ui/themes';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, UpdatePrompt, updateState } from '../../../src/pwa';
import { applyUpdate, TAKEOVER_FALLBACK_MS, type WorkboxLike } from '../../../src/pwa/register-sw';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** Stands in for workbox-window's Workbox, i.e. the browser's service worker container. */
class FakeWorkbox {
  private readonly listeners = new Map<string, Listener[]>();
  readonly register = vi.fn(async () => undefined);
  readonly update = vi.fn(async () => undefined);
  readonly messageSkipWaiting = vi.fn(() => {
    // The browser activates the waiting worker, which claims the page.
    this.emit('controlling', { isUpdate: true });
  });

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

let workbox: FakeWorkbox;
let reload: ReturnType<typeof vi.fn<() => void>>;

async function start(): Promise<void> {
  await registerServiceWorker({ enabled: true, workbox: workbox as unknown as WorkboxLike, reload });
}

function renderPrompt() {
  return render(
    <Theme>
      <UpdatePrompt />
    </Theme>,
  );
}

beforeEach(() => {
  Object.assign(updateState, { updateAvailable: false, dismissed: false, applying: false });
  workbox = new FakeWorkbox();
  reload = vi.fn<() => void>();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('new version prompt', () => {
  it('registers the worker and stays quiet until a new version waits', async () => {
    await start();
    renderPrompt();
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('A new version is available')).toBeNull();

    workbox.emit('waiting');
    expect(await screen.findByText('A new version is available')).toBeTruthy();
  });

  it('lets the new version take over only after Reload, then reloads under it', async () => {
    const user = userEvent.setup();
    await start();
    renderPrompt();
    workbox.emit('waiting');
    await screen.findByText('A new version is available');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when the new version takes over, and not again later', async () => {
    vi.useFakeTimers();
    await start();
    workbox.emit('waiting');
    applyUpdate();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TAKEOVER_FALLBACK_MS * 2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the browser keeps the old version past the wait', async () => {
    vi.useFakeTimers();
    // The browser holds on to the old worker: no takeover follows the message.
    workbox.messageSkipWaiting.mockImplementation(() => undefined);
    await start();
    workbox.emit('waiting');
    applyUpdate();
    expect(updateState.applying).toBe(true);
    vi.advanceTimersByTime(TAKEOVER_FALLBACK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when a worker takes control without the user asking (first install)', async () => {
    await start();
    workbox.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
  });

  it('stays quiet when the first worker, installed by another tab, takes control', async () => {
    await start();
    renderPrompt();
    // The worker's handler runs synchronously; act() then flushes the store's notification and
    // React's render, so anything the event caused is on screen now.
    await act(async () => workbox.emit('controlling', { isUpdate: false, isExternal: true }));
    expect(updateState.updateAvailable).toBe(false);
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('hides on Later and comes back for the next version', async () => {
    const user = userEvent.setup();
    await start();
    renderPrompt();
    workbox.emit('waiting');
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByText('A new version is available')).toBeNull());
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    workbox.emit('waiting');
    expect(await screen.findByText('A new version is available')).toBeTruthy();
  });

  it('just reloads when another tab already let the new version in', async () => {
    const user = userEvent.setup();
    await start();
    renderPrompt();
    workbox.emit('controlling', { isUpdate: true, isExternal: true });
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('checks for a new version whenever the tab becomes visible', async () => {
    await start();
    let visibility: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);

    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).not.toHaveBeenCalled();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });

  it('does nothing in development builds', async () => {
    await registerServiceWorker({ enabled: false, workbox: workbox as unknown as WorkboxLike, reload });
    expect(workbox.register).not.toHaveBeenCalled();
  });
});
