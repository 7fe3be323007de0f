import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

prepareScreenTests();

describe('Settings', () => {
  it("shows the user's profile and current space", async () => {
    const api = installFakeApi();
    await signInAs(api, 'org_admin', { name: 'Grace Hopper', email: 'grace@acme.test', org_id: 'org-42' });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getAllByText('grace@acme.test').length).toBeGreaterThan(0);
    expect(screen.getByText('Organisation admin')).toBeTruthy();
    expect(screen.getByText('org-42')).toBeTruthy();
    expect(screen.getByText('Main Space (main-space)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Help & Support' })).toBeTruthy();
  });

  it('is open to system admins, without a space row', async () => {
    const api = installFakeApi();
    await signInAs(api, 'system_admin');
    renderApp('/settings');
    expect(await screen.findByText('System admin')).toBeTruthy();
    expect(screen.queryByText('Current space')).toBeNull();
  });
});
