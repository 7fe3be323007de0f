import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { overview } from './fake-admin';

prepareScreenTests();

describe('Admin Dashboard', () => {
  it('shows the platform figures, each job queue with its state, and the latest failures', async () => {
    const api = installFakeApi();
    api.on('GET /admin/overview', () => ({ status: 200, body: overview() }));
    await signInAs(api, 'system_admin', { org_id: null });
    renderApp('/admin/dashboard');

    expect(await screen.findByText('318', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('3 suspended · 2 platform admins')).toBeTruthy();
    expect(screen.getByText('48,250')).toBeTruthy();
    expect(screen.getByText('240 in 30 days')).toBeTruthy();
    expect(screen.getByText('4 processing · 7 failed')).toBeTruthy();

    const queues = screen.getByRole('table', { name: 'Job queues' });
    const documents = within(queues).getByRole('rowheader', { name: 'kb-process-document' }).closest('tr')!;
    expect(within(documents).getByText('2 failed')).toBeTruthy();
    const runs = within(queues).getByRole('rowheader', { name: 'agent-run' }).closest('tr')!;
    expect(within(runs).getByText('Healthy')).toBeTruthy();

    const failures = screen.getByRole('list', { name: 'Recent failures' });
    expect(within(failures).getByText('Storage could not be reached')).toBeTruthy();
    expect(within(failures).getByText('q3-plan.pdf')).toBeTruthy();
    expect(within(failures).getByText('Northwind Studio')).toBeTruthy();
  });

  it('says when nothing failed lately', async () => {
    const api = installFakeApi();
    api.on('GET /admin/overview', () => ({ status: 200, body: overview({ failures: [] }) }));
    await signInAs(api, 'support_admin', { org_id: null });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Nothing failed lately', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('an organisation admin opening the admin area is sent to the organisation dashboard, and nothing is asked of the server', async () => {
    const api = installFakeApi();
    await signInAs(api, 'org_admin');
    const { location } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
    expect(location()).toBe('/org-admin/dashboard');
    expect(api.callsTo('GET /admin/overview')).toEqual([]);
  });
});
