import { waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wipeAll } from '../../../src/db';
import type { Onboarding } from '../../../src/contract/onboarding';
import { resetGa4 } from '../../../src/features/ga4/connections/ga4.store';
import { onboardingState } from '../../../src/features/onboarding/onboarding.store';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

// The screens' code is transformed once here, so a test's findBy waits only for the screen.
beforeAll(async () => {
  await Promise.all([import('../../../src/features/ga4/pages/DashboardPage'), import('../../../src/features/knowledge/pages/KnowledgeBasePage')]);
}, 120_000);

prepareScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  await wipeAll();
  resetGa4();
});

const NOTHING = { brand_voice: false, knowledge: false, analytics: false, team: false, chat: false };

/** A server for the checklist: the steps as given, and the person's choice to close it kept across loads. */
function serveChecklist(steps: Onboarding['steps']) {
  let dismissed = false;
  const answer = () => ({ steps, dismissed, organisation_name: 'Crumb & Co' });
  api.on('GET /onboarding', () => ({ status: 200, body: answer() }));
  api.on('PUT /onboarding/dismissal', (call) => {
    dismissed = (call.body as { dismissed: boolean }).dismissed;
    return { status: 200, body: answer() };
  });
}

const checklist = () => screen.findByRole('region', { name: 'Get started with Mosaic' });
const step = (id: string) => screen.getByTestId(`checklist-step-${id}`);

describe('the first-run checklist on the Dashboard', () => {
  it('shows progress from the server\'s data and, for each open step, a button to where it is done', async () => {
    serveChecklist({ ...NOTHING, brand_voice: true, knowledge: true });
    await signInAs(api, 'org_owner');
    renderApp('/dashboard');
    const card = await checklist();

    expect(within(card).getByText('Set up Crumb & Co: 2 of 5 done.')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Set-up progress' }).getAttribute('aria-valuetext')).toBe('2 of 5 steps done');
    expect(within(step('brand_voice')).getByText(/\(done\)/)).toBeTruthy();
    expect(within(step('brand_voice')).queryByRole('link')).toBeNull();
    expect(within(step('brand_voice')).getByText(/Every agent follows it in every space of Crumb & Co/)).toBeTruthy();

    const links = {
      analytics: ['Connect Google Analytics', '/connections'],
      team: ['Invite people', '/org-admin/users?invite=1'],
      chat: ['Ask an agent', '/agents'],
    } as const;
    for (const [id, [label, href]] of Object.entries(links)) {
      expect(within(step(id)).getByText(/\(to do\)/)).toBeTruthy();
      expect(within(step(id)).getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }
  });

  it('ticks a step done elsewhere when the Dashboard opens again', async () => {
    const steps = { ...NOTHING };
    serveChecklist(steps);
    await signInAs(api, 'org_owner');
    const app = renderApp('/dashboard');
    await checklist();
    await app.user.click(within(step('knowledge')).getByRole('link', { name: 'Upload documents' }));
    await screen.findByRole('heading', { name: 'Knowledge Base', level: 1 });

    steps.knowledge = true; // a document became ready
    await app.user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Dashboard' }));
    const card = await checklist();
    await waitFor(() => expect(within(card).getByText('Set up Crumb & Co: 1 of 5 done.')).toBeTruthy());
    expect(within(step('knowledge')).getByText(/\(done\)/)).toBeTruthy();
  });

  it('stays hidden once closed: saved on the server, so a fresh load elsewhere does not bring it back', async () => {
    serveChecklist(NOTHING);
    await signInAs(api, 'org_owner');
    const app = renderApp('/dashboard');
    await checklist();
    await app.user.click(screen.getByRole('button', { name: 'Hide the checklist' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get started with Mosaic' })).toBeNull());
    expect(api.callsTo('PUT /onboarding/dismissal').map((call) => call.body)).toEqual([{ dismissed: true }]);
    expect(await screen.findByText('Checklist hidden on all your devices')).toBeTruthy();

    // Another device: nothing in memory, the server's answer decides.
    app.view.unmount();
    await signOut();
    expect(onboardingState.value).toBeNull();
    await signInAs(api, 'org_owner');
    renderApp('/dashboard');
    await screen.findByText('No analytics connected yet');
    await waitFor(() => expect(api.callsTo('GET /onboarding').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('region', { name: 'Get started with Mosaic' })).toBeNull();
  });

  it('comes back when closing it could not be saved, and says so', async () => {
    serveChecklist(NOTHING);
    api.on('PUT /onboarding/dismissal', () => ({ status: 500, body: { detail: 'Internal server error' } }));
    await signInAs(api, 'org_owner');
    const app = renderApp('/dashboard');
    await checklist();
    await app.user.click(screen.getByRole('button', { name: 'Hide the checklist' }));
    expect(await screen.findByText('Could not hide the checklist. Check your connection and try again.')).toBeTruthy();
    expect(await checklist()).toBeTruthy();
  });

  it('disappears by itself once every step is done', async () => {
    serveChecklist({ brand_voice: true, knowledge: true, analytics: true, team: true, chat: true });
    await signInAs(api, 'org_owner');
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await waitFor(() => expect(api.callsTo('GET /onboarding')).toHaveLength(1));
    await waitFor(() => expect(onboardingState.value).not.toBeNull());
    expect(screen.queryByRole('region', { name: 'Get started with Mosaic' })).toBeNull();
  });

  it('tells a member who does the steps they cannot, and offers buttons only for theirs', async () => {
    serveChecklist(NOTHING);
    await signInAs(api, 'org_member');
    renderApp('/dashboard');
    await checklist();

    expect(within(step('brand_voice')).queryByRole('link')).toBeNull();
    expect(within(step('brand_voice')).getByText(/An organisation owner or admin writes it in Workspace Settings/)).toBeTruthy();
    expect(within(step('analytics')).queryByRole('link')).toBeNull();
    expect(within(step('analytics')).getByText(/An organisation owner or admin connects Google Analytics/)).toBeTruthy();
    expect(within(step('team')).queryByRole('link')).toBeNull();
    expect(within(step('team')).getByText(/Organisation owners and admins invite people/)).toBeTruthy();
    expect(within(step('knowledge')).getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe('/knowledge-base');
    expect(within(step('chat')).getByRole('link', { name: 'Ask an agent' }).getAttribute('href')).toBe('/agents');
  });
});
