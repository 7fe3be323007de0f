import { act, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { switchSpace } from '../../../src/features/spaces/spaces.store';
import { spaceAnalyticsStatus } from '../../../src/features/ga4/connections/space-analytics-status';
import { ONLY_MANAGERS_CONNECT } from '../../../src/features/ga4/connections/analytics-permissions';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { linkIn, makeAccount, type FakeGa4 } from './fake-ga4';
import { freshAnalyticsBackend } from './support';

let api: FakeApi;
let ga4: FakeGa4;

prepareScreenTests();
beforeEach(async () => {
  ({ api, ga4 } = await freshAnalyticsBackend());
});

const badge = () => screen.findByLabelText(/^Analytics status: /);

/** Opens a screen, then the other one through the sidebar (one page, one store), reading each status. */
async function statusOnBothScreens(first: '/connections' | '/dashboard') {
  const app = renderApp(first);
  const seen: Record<string, string | null> = {};
  const read = async (path: string) => {
    await screen.findByRole('heading', { name: path === '/dashboard' ? 'Dashboard' : 'Connections', level: 1 });
    await waitFor(async () => expect((await badge()).textContent).not.toBe('Checking…'));
    seen[path] = (await badge()).textContent;
  };
  await read(first);
  const second = first === '/dashboard' ? '/connections' : '/dashboard';
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  await app.user.click(within(nav).getByRole('link', { name: second === '/dashboard' ? 'Dashboard' : 'Connections' }));
  await read(second);
  return seen;
}

describe('one analytics status per space', () => {
  it("a member's Connections and Dashboard both say Connected where an owner linked a property", async () => {
    ga4.accounts = [];
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await signInAs(api, 'org_member');
    const seen = await statusOnBothScreens('/connections');
    expect(seen).toEqual({ '/connections': 'Connected', '/dashboard': 'Connected' });
    await waitFor(() => expect(screen.getByTestId('kpi-sessions').textContent).toBe('10,000'));
  });

  it('read the other way round, the member sees the same: Dashboard first, then Connections', async () => {
    ga4.accounts = [];
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await signInAs(api, 'org_member');
    const seen = await statusOnBothScreens('/dashboard');
    expect(seen).toEqual({ '/dashboard': 'Connected', '/connections': 'Connected' });
    expect(screen.getByTestId('analytics-status-text').textContent).toBe('Main Space reports on Acme Shop.');
    // The member cannot connect: the button is there, disabled, and says who can.
    const connect = screen.getByRole('button', { name: /Connect Google Analytics/ }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    expect(screen.getAllByText(ONLY_MANAGERS_CONNECT).length).toBeGreaterThan(0);
  });

  it('a new space never says Connected on Connections while the Dashboard has no analytics', async () => {
    // The owner's Google account works and a property is linked to the first space only.
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await signInAs(api, 'org_owner');
    const app = renderApp('/connections');
    await waitFor(async () => expect((await badge()).textContent).toBe('Connected'));

    act(() => void switchSpace('s2'));
    await waitFor(async () => expect((await badge()).textContent).toBe('No property linked'));
    expect(screen.getByTestId('analytics-status-text').textContent).toMatch(/no property is linked to Spring Launch yet/);

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await app.user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('No analytics connected yet')).toBeTruthy();
    expect((await badge()).textContent).toBe('No property linked');
  });

  it('a new space opened on the Dashboard first agrees with Connections too', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await signInAs(api, 'org_owner');
    act(() => void switchSpace('s2'));
    const seen = await statusOnBothScreens('/dashboard');
    expect(seen).toEqual({ '/dashboard': 'No property linked', '/connections': 'No property linked' });
  });
});

describe('the status itself', () => {
  const base = {
    linkedLoaded: true,
    linkedProperties: [],
    error: null,
    loadingLinked: false,
    authStatus: null,
    accounts: [],
    accountsLoaded: true,
    loadingAccounts: false,
  };
  const linked = [{ id: 'l1', ga4_property_id: '111', ga4_property_display_name: 'Acme Shop' }];
  const expired = { status: 'auth_expired' as const, message: '', has_valid_tokens: false, accounts_count: 1, valid_accounts: 0 };

  it('is decided by the space\'s links first, then by the person\'s accounts', () => {
    expect(spaceAnalyticsStatus({ ...base, linkedProperties: linked }).kind).toBe('connected');
    expect(spaceAnalyticsStatus({ ...base, linkedProperties: linked, authStatus: expired })).toMatchObject({ kind: 'connected', accountNeedsAttention: true });
    expect(spaceAnalyticsStatus(base).kind).toBe('not-connected');
    expect(spaceAnalyticsStatus({ ...base, accounts: [makeAccount('a')] }).kind).toBe('account-not-linked');
    expect(spaceAnalyticsStatus({ ...base, accounts: [makeAccount('a')], authStatus: expired }).kind).toBe('reconnect');
  });

  it('waits rather than guessing: no links known yet, or the accounts still loading when nothing is linked', () => {
    expect(spaceAnalyticsStatus({ ...base, linkedLoaded: false, loadingLinked: true }).kind).toBe('loading');
    expect(spaceAnalyticsStatus({ ...base, accountsLoaded: false, loadingAccounts: true }).kind).toBe('loading');
  });
});
