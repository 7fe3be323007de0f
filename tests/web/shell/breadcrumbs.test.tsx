import { act, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  await signInAs(api, 'org_member');
});

const trail = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)
    .filter(Boolean);

async function open(path: string, heading: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return app;
}

describe('breadcrumb bar', () => {
  it('shows the product name then the trail', async () => {
    await open('/connections/ga4/manage', 'Manage GA4 Properties');
    expect(trail()).toEqual(['Mosaic', 'Connections', 'Manage GA4 Properties']);
    const bar = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(bar).getByRole('link', { name: 'Mosaic' }).getAttribute('href')).toBe('/dashboard');
    expect(within(bar).getByRole('link', { name: 'Connections' }).getAttribute('href')).toBe('/connections');
  });

  it('title-cases the agent slug', async () => {
    await open('/agents/seo-expert/configure', 'Configure Seo Expert');
    expect(trail()).toEqual(['Mosaic', 'AI Agents', 'Seo Expert', 'Configure']);
  });

  it('is hidden on the Dashboard', async () => {
    await open('/dashboard', 'Dashboard');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('is hidden on Login and Register', async () => {
    await signOut();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });
});

describe('back button', () => {
  it('goes back in history when there is some', async () => {
    const { user, router, location } = await open('/connections', 'Connections');
    act(() => router.navigate('/connections/ga4/manage'));
    await screen.findByRole('heading', { name: 'Manage GA4 Properties', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitForLocation(location, '/connections');
  });

  it('falls back to /agents on agent routes without history', async () => {
    // An unknown session shows the generic title until its messages arrive.
    const { user, location } = await open('/agents/seo/chat/42', 'Chat');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitForLocation(location, '/agents');
  });

  it('falls back to /dashboard elsewhere without history', async () => {
    const { user, location } = await open('/workspace-settings', 'Workspace Settings');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitForLocation(location, '/dashboard');
  });
});
