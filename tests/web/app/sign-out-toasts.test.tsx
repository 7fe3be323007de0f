/**
 * A toast about the last person's work goes when they sign out (a deleted chat's Undo among them):
 * it neither stays on Login nor comes back to the next person who signs in on the same page
 * (sonner keeps raised toasts in its module and replays them to a toaster that mounts later).
 */
import { act, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { logout } from '../../../src/features/auth/auth.store';
import { installFakeApi, type FakeApi } from './support/fake-api';
import { renderApp, screen, signInAs } from './support/render-app';
import { prepareScreenTests } from './support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

const notifications = () => screen.findByRole('region', { name: /Notifications/ });

describe('toasts at sign-out', () => {
  it('are dismissed, and a later sign-in on the same page starts with none', async () => {
    await signInAs(api, 'org_member');
    const first = renderApp('/connections');
    await screen.findByRole('heading', { name: 'Connections', level: 1 });
    // Still on screen when the person signs out, as a chat's 10 s undo toast can be: here it lasts
    // until dismissed, so nothing depends on how fast the sign-out is.
    act(() => void toast('Deleted “Q3 plan”', { duration: Number.POSITIVE_INFINITY }));
    expect(await within(await notifications()).findByText('Deleted “Q3 plan”')).toBeTruthy();

    await act(() => logout());
    await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(screen.queryByText('Deleted “Q3 plan”')).toBeNull());

    // The next person, in a page whose toaster mounts afresh.
    first.view.unmount();
    await signInAs(api, 'org_member', { email: 'ben@acme.test', name: 'Ben' });
    renderApp('/connections');
    await screen.findByRole('heading', { name: 'Connections', level: 1 });
    expect((await notifications()).textContent).toBe('');
  });
});
