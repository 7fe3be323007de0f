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

  it('writes one platform admin in the singular', async () => {
    const api = installFakeApi();
    api.on('GET /admin/overview', () => ({ status: 200, body: overview({ users: { total: 1, suspended: 0, platform_admins: 1, new_30d: 1, active_7d: 1, active_30d: 1 } }) }));
    await signInAs(api, 'system_admin', { org_id: null });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('0 suspended · 1 platform admin', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('tells the agent runs figure from the agent-run queue: the runs answered in 24 h beside the queue, and why the queue counts fewer', async () => {
    const api = installFakeApi();
    api.on('GET /admin/overview', () => ({ status: 200, body: overview() }));
    await signInAs(api, 'support_admin', { org_id: null });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('2 running now · 170 done in 24 h · 1 failed in 7 days', {}, { timeout: 30_000 })).toBeTruthy();
    const queues = screen.getByRole('heading', { name: 'Job queues' }).closest('.rt-Card')!;
    expect(within(queues as HTMLElement).getByText(/Most agent runs are answered by the server that took the message and never enter the agent-run queue/)).toBeTruthy();
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
