import { act, fireEvent, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIDEBAR_COLLAPSED_KEY } from '../../../src/app/shell/useSidebarState';
import type { Role } from '../../../src/contract/auth';
import { setViewportWidth } from '../app/support/dom';
import type { FakeApi } from '../app/support/fake-api';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const sectionTitles = () => within(nav()).getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));

async function openAs(role: Role, path = '/settings') {
  await signInAs(api, role);
  const app = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return app;
}

describe('sections per role', () => {
  it.each<[Role, string[], boolean]>([
    ['system_admin', ['System Admin'], false],
    ['support_admin', ['Analytics', 'AI Tools', 'Management', 'System Admin'], true],
    ['org_owner', ['Analytics', 'AI Tools', 'Management', 'Organisation Admin'], true],
    ['org_admin', ['Analytics', 'AI Tools', 'Management', 'Organisation Admin'], true],
    ['org_member', ['Analytics', 'AI Tools', 'Management'], true],
  ])('%s sees %j', async (role, sections, hasSpaceSelector) => {
    await openAs(role);
    const headings = within(nav()).getAllByText((_, el) => el?.classList.contains('sidebar-section__title') ?? false);
    expect(headings.map((h) => h.textContent)).toEqual(sections);
    expect(sectionTitles()).toHaveLength(sections.length);
    expect(screen.queryByRole('button', { name: /^Space:/ }) !== null).toBe(hasSpaceSelector);
  });

  it('lists the items with their targets', async () => {
    await openAs('org_owner');
    const link = (name: string) => within(nav()).getByRole('link', { name }).getAttribute('href');
    expect(link('Dashboard')).toBe('/dashboard');
    expect(link('Connections')).toBe('/connections');
    expect(link('Knowledge Base')).toBe('/knowledge-base');
    expect(link('AI Agents')).toBe('/agents');
    expect(link('Agent Mode')).toBe('/agent-mode');
    expect(link('Creative Assets')).toBe('/assets');
    expect(link('Agent Configuration')).toBe('/agents/manage');
    expect(link('Workspace Settings')).toBe('/workspace-settings');
    expect(link('Manage Users')).toBe('/org-admin/users');
  });

  it('shows the plan card to owners with plan, days left, upgrade and usage', async () => {
    await openAs('org_owner');
    const card = await screen.findByLabelText('Plan and credits');
    expect(await within(card).findByText('Free plan')).toBeTruthy();
    expect(within(card).getByText('9 days left')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Upgrade/ }).getAttribute('href')).toBe('/pricing');
    expect(within(card).getByRole('link', { name: /^Credits used \S+ \/ \S+, view credits$/ }).getAttribute('href')).toBe('/credits');
    const bar = within(card).getByRole('progressbar', { name: 'Credits used' });
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('40%');
  });

  it('keeps the credits bar at least 2% wide', async () => {
    api.on('GET /billing/credits', () => ({
      status: 200,
      body: { used: 1, total: 3000, remaining: 2999, reset_date: '2099-01-01T00:00:00.000Z', last_updated: '2026-03-10T09:00:00.000Z' },
    }));
    await openAs('org_admin');
    const bar = await screen.findByRole('progressbar', { name: 'Credits used' });
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('2%');
  });

  it('still offers Upgrade when billing cannot be reached', async () => {
    api.on('GET /billing/plan', () => ({ status: 500, body: { detail: 'boom' } }));
    api.on('GET /billing/credits', () => ({ status: 500, body: { detail: 'boom' } }));
    await openAs('org_owner');
    const card = await screen.findByLabelText('Plan and credits');
    expect(await within(card).findByText('Plan unavailable')).toBeTruthy();
    expect(within(card).getByText('Credit usage is unavailable right now.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Upgrade/ })).toBeTruthy();
  });

  it('does not show the plan card to members', async () => {
    await openAs('org_member');
    expect(screen.queryByLabelText('Plan and credits')).toBeNull();
  });
});

describe('active item', () => {
  it('is the one whose path equals the current path', async () => {
    await openAs('org_member', '/agents/manage');
    const current = within(nav()).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Agent Configuration']);
  });

  it('moves when the user picks another item', async () => {
    const { user, location } = await openAs('org_member', '/connections');
    await user.click(within(nav()).getByRole('link', { name: 'Agent Mode' }));
    await waitForLocation(location, '/agent-mode');
    expect(within(nav()).getByRole('link', { name: 'Agent Mode' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Connections' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('collapse on desktop', () => {
  it('collapses to a 72px rail, remembers it, and restores it on the next visit', async () => {
    const { user, view } = await openAs('org_owner');
    expect(sidebar().style.width).toBe('264px');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar().style.width).toBe('72px');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    // Labels give way to icons with tooltips; the plan card hides.
    expect(within(nav()).queryByText('Dashboard')).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByLabelText('Plan and credits')).toBeNull();

    view.unmount();
    renderApp('/settings');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(sidebar().style.width).toBe('72px');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar().style.width).toBe('264px');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('toggles with Ctrl+B and Cmd+B', async () => {
    await openAs('org_member');
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(sidebar().style.width).toBe('72px');
    act(() => void fireEvent.keyDown(window, { key: 'b', metaKey: true }));
    expect(sidebar().style.width).toBe('264px');
    act(() => void fireEvent.keyDown(window, { key: 'b' }));
    expect(sidebar().style.width).toBe('264px');
  });
});

describe('mobile overlay (max width 768px)', () => {
  it('opens from the header menu button and closes when an item is chosen', async () => {
    setViewportWidth(390);
    const { user, location } = await openAs('org_member');
    expect(sidebar().getAttribute('data-open')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(sidebar().getAttribute('data-open')).toBe('true');
    expect(screen.getByTestId('sidebar-backdrop')).toBeTruthy();

    await user.click(within(nav()).getByRole('link', { name: 'Connections' }));
    await waitForLocation(location, '/connections');
    expect(sidebar().getAttribute('data-open')).toBe('false');
    expect(screen.queryByTestId('sidebar-backdrop')).toBeNull();
  });

  it("names the top bar's menu button after what it does, with aria-expanded, and closes the menu with it", async () => {
    setViewportWidth(390);
    const { user } = await openAs('org_member');
    const topBar = screen.getByRole('banner');
    const menuButton = within(topBar).getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(menuButton.getAttribute('aria-controls')).toBe('app-sidebar');

    await user.click(menuButton);
    expect(sidebar().getAttribute('data-open')).toBe('true');
    expect(within(topBar).getByRole('button', { name: 'Close menu' })).toBe(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');

    await user.click(menuButton);
    expect(sidebar().getAttribute('data-open')).toBe('false');
    expect(within(topBar).getByRole('button', { name: 'Open menu' })).toBe(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on the backdrop, toggles with Ctrl+B, and ignores collapse', async () => {
    setViewportWidth(390);
    const { user } = await openAs('org_member');
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(sidebar().getAttribute('data-open')).toBe('true');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBeNull();
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(sidebar().getAttribute('data-open')).toBe('false');
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(sidebar().getAttribute('data-open')).toBe('false');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBeNull();
  });

  it('ignores a remembered collapse on mobile', async () => {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    setViewportWidth(390);
    await openAs('org_member');
    expect(sidebar().getAttribute('data-collapsed')).toBeNull();
    expect(within(nav()).getByText('Dashboard')).toBeTruthy();
  });
});

describe('footer menu', () => {
  it("shows the user's name and email and logs out to Login", async () => {
    const { user, location } = await openAs('org_member');
    const trigger = screen.getByRole('button', { name: /Account menu for/ });
    expect(within(trigger).getByText(api.user.name)).toBeTruthy();
    expect(within(trigger).getByText(api.user.email)).toBeTruthy();
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Help & Support' }).getAttribute('href')).toBe('/settings#help');
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitForLocation(location, '/login');
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });
});
