/**
 * The theme is this device's choice (Settings → Appearance): Light, Dark or System, applied to the
 * whole app the moment it is chosen, kept for the next start, and System follows the device's
 * setting as it changes. The page behind the app (what shows before it renders) follows too.
 */
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { THEME_PREFERENCE_KEY } from '../../../src/ui/theme-preference';
import { installDomShims, setSystemDark } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';

let api: FakeApi;

beforeEach(async () => {
  installDomShims();
  localStorage.removeItem(THEME_PREFERENCE_KEY);
  api = installFakeApi();
  await signInAs(api, 'org_member');
});
afterEach(async () => {
  await signOut();
  localStorage.removeItem(THEME_PREFERENCE_KEY);
});

/** The appearance the app's Theme shows. */
const shown = () => (document.querySelector('.radix-themes')!.classList.contains('dark') ? 'dark' : 'light');
const choice = (name: 'Light' | 'Dark' | 'System') => screen.getByRole('radio', { name });

describe('the theme of this device', () => {
  it('applies Dark and Light at once, app and page, and keeps the choice', async () => {
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Appearance' });
    expect(choice('System').getAttribute('aria-checked')).toBe('true');
    expect(shown()).toBe('light');

    await user.click(choice('Dark'));
    expect(shown()).toBe('dark');
    expect(document.documentElement.dataset.appearance).toBe('dark');
    expect(localStorage.getItem(THEME_PREFERENCE_KEY)).toBe('dark');

    await user.click(choice('Light'));
    expect(shown()).toBe('light');
    expect(document.documentElement.dataset.appearance).toBe('light');
    expect(localStorage.getItem(THEME_PREFERENCE_KEY)).toBe('light');
  });

  it('follows the system while System is chosen, and only then', async () => {
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Appearance' });
    act(() => setSystemDark(true));
    await waitFor(() => expect(shown()).toBe('dark'));
    act(() => setSystemDark(false));
    await waitFor(() => expect(shown()).toBe('light'));

    await user.click(choice('Light'));
    act(() => setSystemDark(true));
    expect(shown()).toBe('light');
    await user.click(choice('System'));
    expect(shown()).toBe('dark');
    // System is the absence of a choice: nothing is kept.
    expect(localStorage.getItem(THEME_PREFERENCE_KEY)).toBeNull();
  });

  it('is read before the first paint by the page script, under the same key', () => {
    const boot = readFileSync(resolve(process.cwd(), 'public/theme-boot.js'), 'utf8');
    expect(boot).toContain(`localStorage.getItem('${THEME_PREFERENCE_KEY}')`);
    const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
    // A classic script in the head, before the app's module: it runs before anything is painted.
    expect(html.indexOf('<script src="/theme-boot.js"></script>')).toBeGreaterThan(-1);
    expect(html.indexOf('<script src="/theme-boot.js"></script>')).toBeLessThan(html.indexOf('</head>'));
  });
});
