import { Button, DropdownMenu, Theme } from '@radix-ui/themes';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallAppMenuItem } from '../../../src/app/shell/InstallAppMenuItem';
import { installState, listenForInstallPrompt, promptInstall } from '../../../src/pwa';
import { installDomShims } from '../app/support/dom';

/** What Chromium dispatches when the app can be installed. */
function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

let stop: (() => void) | undefined;

beforeEach(async () => {
  installDomShims();
  stop = listenForInstallPrompt();
  // Use up any prompt a previous test left behind.
  await promptInstall();
  installState.installed = false;
});

afterEach(() => stop?.());

function Menu() {
  return (
    <Theme>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button>Account</Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <InstallAppMenuItem />
          <DropdownMenu.Item>Settings</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </Theme>
  );
}

describe('install prompt store', () => {
  it('keeps the browser prompt and offers installing', () => {
    expect(installState.canInstall).toBe(false);
    const { event } = installPromptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installState.canInstall).toBe(true);
  });

  it('shows the browser dialog once and reports the choice', async () => {
    const { event, prompt } = installPromptEvent('dismissed');
    window.dispatchEvent(event);
    await expect(promptInstall()).resolves.toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(installState.canInstall).toBe(false);
    await expect(promptInstall()).resolves.toBe('unavailable');
  });

  it('stops offering once the app is installed', () => {
    window.dispatchEvent(installPromptEvent('accepted').event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(installState).toMatchObject({ canInstall: false, installed: true });
  });

  it('ignores look-alike events without a prompt', () => {
    window.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    expect(installState.canInstall).toBe(false);
  });
});

describe('"Install app" menu item', () => {
  it('is absent while the app cannot be installed', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Install app' })).toBeNull();
  });

  it('appears when installable and opens the browser\u2019s install dialog', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const { event, prompt } = installPromptEvent('accepted');
    act(() => void window.dispatchEvent(event));

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Install app' }));

    await waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Install app' })).toBeNull();
  });
});
