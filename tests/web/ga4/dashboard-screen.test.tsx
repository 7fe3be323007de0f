import { act, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDashboard } from '../../../src/features/ga4/dashboard/dashboard.store';
import { switchSpace } from '../../../src/features/spaces/spaces.store';
import { startScreenGetsWhenSpacesReady } from '../../../src/app/early-screen-gets';
import { routeTree, screenRoutes } from '../../../src/app/routes';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { linkIn, type FakeGa4 } from './fake-ga4';
import { freshAnalyticsBackend, freshPageLoad, offline, todayRange } from './support';

let api: FakeApi;
let ga4: FakeGa4;

prepareScreenTests();
beforeEach(async () => {
  ({ api, ga4 } = await freshAnalyticsBackend());
});

async function openDashboard() {
  await signInAs(api, 'org_member');
  const app = renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  return app;
}

const kpi = (key: string) => screen.getByTestId(`kpi-${key}`).textContent;

describe('Dashboard screen', () => {
  it('issues the three reports for the first linked property over 28 days and shows KPIs and channels', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop'], ['222', 'Acme Blog']);
    await openDashboard();
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    expect(kpi('activeUsers')).toBe('8,000');
    expect(kpi('bounceRate')).toBe('42.4%');
    expect(kpi('averageSessionDuration')).toBe('2:05');
    expect(kpi('screenPageViews')).toBe('30,000');

    const bodies = ga4.reports;
    expect(bodies).toHaveLength(3);
    for (const body of bodies) expect(body).toMatchObject({ property_id: '111', ...todayRange('28d') });
    expect(bodies.find((b) => b.dimensions.length === 0)!.metrics).toEqual([
      'sessions', 'activeUsers', 'conversions', 'bounceRate', 'averageSessionDuration', 'screenPageViews', 'engagedSessions',
    ]);
    expect(bodies.find((b) => b.dimensions[0] === 'sessionDefaultChannelGroup')).toMatchObject({ order_bys: [{ metric: 'sessions', desc: true }], limit: 10 });
    expect(bodies.find((b) => b.dimensions[0] === 'date')).toMatchObject({ order_bys: [{ dimension: 'date', desc: false }], limit: 100 });

    const channels = screen.getByRole('list', { name: 'Top channels' });
    const items = within(channels).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Organic Search');
    expect(items[0]!.textContent).toContain('6,000 · 60.0%');
    expect(within(items[2]!).getByText('Unassigned')).toBeTruthy();
    // The chart's code arrives on demand (only spaces with analytics need it).
    expect(await screen.findByRole('img', { name: 'Sessions over time' })).toBeTruthy();
    expect(screen.getByText(/^10,000 sessions from/)).toBeTruthy();
    expect(screen.getByText(/^Last updated just now/)).toBeTruthy();
    expect(screen.queryByText('Demo data')).toBeNull();
  });

  it('shows each key figure with its change on the previous period of equal length, read out in words', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    // Now: 10,000 sessions, 8,000 users, 37 conversions, 42.37% bounce, 2:05, 30,000 views, 5,800 engaged.
    ga4.previousKpis = { sessions: 8000, activeUsers: 8000, conversions: 40, bounceRate: 0.5, averageSessionDuration: 120, screenPageViews: 0, engagedSessions: 5800 };
    await openDashboard();
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));

    const kpis = ga4.reports.find((body) => body.dimensions.length === 0)!;
    const range = todayRange('28d');
    const day = 86_400_000;
    const dayBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) - days * day).toISOString().slice(0, 10);
    expect(kpis).toMatchObject({ compare_start_date: dayBefore(range.start_date, 28), compare_end_date: dayBefore(range.start_date, 1) });

    const card = (label: string) => within(screen.getByRole('listitem', { name: label }));
    expect(card('Sessions').getByText('up 25% on the previous 28 days')).toBeTruthy();
    expect(card('Sessions').getByText('▲ 25%')).toBeTruthy();
    expect(card('Active users').getByText('no change on the previous 28 days')).toBeTruthy();
    expect(card('Conversions').getByText('down 7.5% on the previous 28 days')).toBeTruthy();
    expect(card('Bounce rate').getByText('down 15% on the previous 28 days')).toBeTruthy();
    expect(card('Avg. session duration').getByText('up 4.5% on the previous 28 days')).toBeTruthy();
    expect(card('Page views').getByText('up from 0 on the previous 28 days')).toBeTruthy();
    // Good news in green, bad in red: a fall in conversions is bad, a fall in bounce rate good.
    const colourOf = (label: string, text: string) => card(label).getByText(text).closest('p')!.getAttribute('data-accent-color');
    expect(colourOf('Conversions', '▼ 7.5%')).toBe('red');
    expect(colourOf('Bounce rate', '▼ 15%')).toBe('green');
  });

  it('shows no change where the server gave no figures for the previous period', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await openDashboard();
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    expect(screen.queryByText(/on the previous 28 days/)).toBeNull();
  });

  it('refetches when the range changes, and checks custom dates before fetching', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    const { user } = await openDashboard();
    await waitFor(() => expect(ga4.reports).toHaveLength(3));

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(ga4.reports).toHaveLength(6));
    expect(ga4.reports.slice(3).every((b) => b.start_date === todayRange('7d').start_date)).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    const [start, end] = within(form).getAllByDisplayValue(/\d{4}-\d{2}-\d{2}/) as HTMLInputElement[];
    await user.clear(start!);
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert').textContent).toBe('Enter a valid start date.');
    expect(ga4.reports).toHaveLength(6);

    // A start after the end is swapped, not refused.
    await user.type(start!, '2026-02-20');
    await user.clear(end!);
    await user.type(end!, '2026-02-01');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(ga4.reports).toHaveLength(9));
    expect(ga4.reports[8]).toMatchObject({ start_date: '2026-02-01', end_date: '2026-02-20' });
  });

  it('asks for the reports once when the same view is loaded again while they are on their way', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    let release = () => {};
    ga4.holdReports = new Promise<void>((resolve) => (release = resolve));
    await openDashboard();
    await waitFor(() => expect(ga4.reports).toHaveLength(3));
    // A second caller of the same view (a screen mounted twice, an effect and an action at once).
    const again = loadDashboard();
    release();
    await act(() => again);
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    expect(ga4.reports).toHaveLength(3);
  });

  it('opens with the answers its route started early: each GET it opens with reaches the server once', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    const opensWith = ['/onboarding', '/integrations/ga4/linked-properties', '/integrations/ga4/accounts', '/integrations/ga4/auth/status', '/billing/plan', '/billing/credits'];
    // As src/main.tsx does for a stored session: the GETs start when the spaces are ready.
    history.replaceState(null, '', '/dashboard');
    startScreenGetsWhenSpacesReady(routeTree(screenRoutes));
    await signInAs(api, 'org_member');
    for (const path of opensWith) await waitFor(() => expect(api.callsTo(`GET ${path}`), `${path} before the screen`).toHaveLength(1));

    renderApp('/dashboard');
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    // The checklist follows its store in a transition: it may show a render after the figures.
    expect(await screen.findByRole('heading', { name: 'Get started with Mosaic' })).toBeTruthy();
    for (const path of opensWith) expect(api.callsTo(`GET ${path}`), `${path} after the screen opened`).toHaveLength(1);
    history.replaceState(null, '', '/');
  });

  it('switches property from the selector', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop'], ['222', 'Acme Blog']);
    const { user } = await openDashboard();
    await waitFor(() => expect(ga4.reports).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'GA4 property' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Blog' }));
    await waitFor(() => expect(ga4.reports).toHaveLength(6));
    expect(ga4.reports[5]!.property_id).toBe('222');
  });

  it('offline, shows the metrics saved on this device with their time', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    const first = await openDashboard();
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    first.view.unmount();

    freshPageLoad();
    api.on('GET /integrations/ga4/linked-properties', offline);
    api.on('POST /integrations/ga4/report', offline);
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('kpi-sessions').textContent).toBe('10,000'));
    expect(screen.getByText('Last updated just now · showing figures saved on this device')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline with nothing saved, says so with the catalogue message', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    api.on('POST /integrations/ga4/report', offline);
    await openDashboard();
    expect((await screen.findByRole('alert')).textContent).toContain('Network error - please check your connection');
  });

  it('keeps the empty state when nothing is linked: a member reads who connects and may look at Connections', async () => {
    await openDashboard();
    expect(await screen.findByText('No analytics connected yet')).toBeTruthy();
    expect(screen.getByText(/An organisation owner or admin connects Google Analytics and links a property/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Connections/ }).getAttribute('href')).toBe('/connections');
    expect(ga4.reports).toHaveLength(0);
  });

  it("offers an owner whose Google account is connected to link one of its properties", async () => {
    await signInAs(api, 'org_owner');
    renderApp('/dashboard');
    expect(await screen.findByText('No analytics connected yet')).toBeTruthy();
    expect((await screen.findByRole('link', { name: /Link a property/ })).getAttribute('href')).toBe('/connections/ga4/manage');
  });

  it('offers an owner without a Google account to connect one, right there', async () => {
    ga4.accounts = [];
    await signInAs(api, 'org_owner');
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: /Connect Google Analytics/ })).toBeTruthy();
    expect(screen.getByLabelText('Analytics status: Not connected')).toBeTruthy();
  });

  it("a space switch clears the old space's figures and loads the new space's", async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await openDashboard();
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    act(() => void switchSpace('s2'));
    expect(await screen.findByText('No analytics connected yet')).toBeTruthy();
    expect(screen.queryByTestId('kpi-sessions')).toBeNull();
    expect(api.callsTo('GET /integrations/ga4/linked-properties').at(-1)!.headers.get('X-Space-Id')).toBe('s2');
  });

  it('marks demo figures with a calm badge', async () => {
    ga4.connectDemo();
    linkIn(ga4, 's1', ['900', 'Demo Store']);
    await openDashboard();
    await waitFor(() => expect(kpi('sessions')).toBe('10,000'));
    expect(await screen.findByText('Demo data')).toBeTruthy();
  });

  it('on an auth failure, says what happened and leads to Connections to reconnect', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    api.on('POST /integrations/ga4/report', () => ({ status: 403, body: { code: 'GA4_INSUFFICIENT_SCOPE' } }));
    await openDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Google Analytics permissions need to be updated. Please reconnect your account.');
    expect(within(alert).getByRole('link', { name: 'Reconnect in Connections' }).getAttribute('href')).toBe('/connections');
  });
  it('shows no dashboard skeleton while it is unknown whether the space has analytics', async () => {
    // Held: the space's linked properties decide between the figures and the empty state.
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    api.on('GET /integrations/ga4/linked-properties', () => new Promise((resolve) => (answer = resolve)));
    await openDashboard();
    await waitFor(() => expect(api.callsTo('GET /integrations/ga4/linked-properties').length).toBeGreaterThan(0));
    expect(screen.getByText('Checking…')).toBeTruthy();
    // A skeleton of figures that then vanishes would move what is below it (layout shift).
    expect(screen.queryByRole('region', { name: 'Sessions over time' })).toBeNull();
    expect(screen.queryByTestId('kpi-sessions')).toBeNull();

    act(() => answer({ status: 200, body: { linked_properties: [] } }));
    expect(await screen.findByText('No analytics connected yet')).toBeTruthy();
  });
});
