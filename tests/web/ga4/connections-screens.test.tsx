import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GA4_TOO_MANY_ACCOUNTS_ERROR, GA4_TOO_MANY_ACCOUNTS_TEXT } from '../../../src/contract/ga4';
import type * as Navigation from '../../../src/features/ga4/connections/browser-navigation';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { linkIn, makeAccount, type FakeGa4 } from './fake-ga4';
import { freshAnalyticsBackend } from './support';

// The one full-page navigation (to Google) is replaced at the browser edge; jsdom cannot leave the page.
const leaveAppFor = vi.hoisted(() => vi.fn());
vi.mock('../../../src/features/ga4/connections/browser-navigation', async (original) => ({
  ...(await original<typeof Navigation>()),
  leaveAppFor,
}));

let api: FakeApi;
let ga4: FakeGa4;

prepareScreenTests();
beforeEach(async () => {
  ({ api, ga4 } = await freshAnalyticsBackend());
  leaveAppFor.mockReset();
});

/** Opens a screen as an owner (who connects and links) unless another role is given. */
async function open(path: string, heading: string, role: 'org_owner' | 'org_member' = 'org_owner') {
  await signInAs(api, role);
  const app = renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return app;
}

describe('Connections screen', () => {
  it('shows the auth status and each account with its demo and error state', async () => {
    ga4.accounts = [
      makeAccount('demo', { email: 'demo@mosaic.test', is_demo: true }),
      makeAccount('acc-2', { email: 'bob@gmail.test', auth_error: 'GA4_AUTH_FAILED' }),
    ];
    await open('/connections', 'Connections');
    const list = await screen.findByRole('list', { name: 'Connected accounts' });
    const [demo, broken] = within(list).getAllByRole('listitem');
    expect(within(demo!).getByText('demo@mosaic.test')).toBeTruthy();
    expect(within(demo!).getByText('Demo data')).toBeTruthy();
    expect(within(broken!).getByText('Needs reconnecting')).toBeTruthy();
    expect(within(broken!).getByText('Google Analytics authentication has expired. Please reconnect your account.')).toBeTruthy();
    // The person's account works, but nothing is linked to this space yet: the space's status says so.
    expect(screen.getByLabelText('Analytics status: No property linked')).toBeTruthy();
  });

  it('connects: asks the server where to go, then sends the browser to redirect_url', async () => {
    const { user } = await open('/connections', 'Connections');
    await screen.findByRole('list', { name: 'Connected accounts' });
    await user.click(screen.getByRole('button', { name: /Connect another account/ }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://accounts.google.test/o/oauth2/auth?state=abc'));
    expect(api.callsTo('GET /integrations/ga4/oauth/start')).toHaveLength(1);
  });

  it('connects the demo source in the app: lands on Manage with a success toast and a clean address', async () => {
    ga4.accounts = [];
    ga4.redirectUrl = '/connections/ga4/manage?connected=1';
    api.on('GET /integrations/ga4/oauth/start', () => {
      ga4.connectDemo();
      return { status: 200, body: { redirect_url: ga4.redirectUrl } };
    });
    const { user, location } = await open('/connections', 'Connections');
    await user.click(await screen.findByRole('button', { name: /Connect Google Analytics/ }));
    expect(await screen.findByText('Google Analytics connected')).toBeTruthy();
    await waitForLocation(location, '/connections/ga4/manage');
    expect(leaveAppFor).not.toHaveBeenCalled();
    const group = await screen.findByLabelText('Properties of demo@mosaic.test');
    expect(await within(group).findByText('Demo Store')).toBeTruthy();
  });

  it('removes an account only after the user confirms', async () => {
    const { user } = await open('/connections', 'Connections');
    await user.click(await screen.findByRole('button', { name: 'Remove ada@gmail.test' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove ada@gmail.test?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /integrations/ga4/accounts/acc-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove ada@gmail.test' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove ada@gmail.test?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(api.callsTo('DELETE /integrations/ga4/accounts/acc-1')).toHaveLength(1));
    expect(await screen.findByText('Removed ada@gmail.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Connected accounts' })).toBeNull());
  });

  it('lists, before removing an account, every property it unlinks, and warns by name of the other spaces that use it', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    linkIn(ga4, 's2', ['222', 'Acme Blog']);
    linkIn(ga4, 's3', ['111', 'Acme Shop']);
    ga4.spaceNames = { s1: 'General', s2: 'Marketing', s3: 'Brand' };
    const { user } = await open('/connections', 'Connections');
    await user.click(await screen.findByRole('button', { name: 'Remove ada@gmail.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove ada@gmail.test?' });
    const unlinked = await within(dialog).findByRole('list', { name: 'Properties unlinked' });
    expect(within(unlinked).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Acme Shop — this space', 'Acme Blog — Marketing', 'Acme Shop — Brand']);
    expect(within(dialog).getByText('3 properties are unlinked:')).toBeTruthy();
    expect(within(dialog).getByRole('note').textContent).toBe('Also used by 2 other spaces (Marketing, Brand): their dashboards go empty until someone links a property there again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /integrations/ga4/accounts/acc-1')).toHaveLength(0);
  });

  it('says so when no property is linked through the account, with no warning', async () => {
    const { user } = await open('/connections', 'Connections');
    await user.click(await screen.findByRole('button', { name: 'Remove ada@gmail.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove ada@gmail.test?' });
    expect(within(dialog).getByText(/No property is linked through it\./)).toBeTruthy();
    expect(within(dialog).queryByRole('note')).toBeNull();
  });

  it('warns, instead of confirming, when Google could not revoke the removed account’s access', async () => {
    ga4.removalNote = '. Its access could not be revoked at Google; you can remove Mosaic at https://myaccount.google.com/permissions';
    const { user } = await open('/connections', 'Connections');
    await user.click(await screen.findByRole('button', { name: 'Remove ada@gmail.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove ada@gmail.test?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }));
    const note = await screen.findByText(/could not be revoked at Google/);
    expect(note.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('warning');
  });
});

describe('Manage GA4 Properties screen', () => {
  it('links a property with the link payload and shows it as linked', async () => {
    const { user } = await open('/connections/ga4/manage', 'Manage GA4 Properties');
    await user.click(await screen.findByRole('button', { name: 'Link Acme Blog' }));
    await waitFor(() => expect(api.callsTo('POST /integrations/ga4/link')).toHaveLength(1));
    expect(api.callsTo('POST /integrations/ga4/link')[0]!.body).toEqual({
      google_oauth_account_id: 'acc-1',
      ga4_property_id: '222',
      ga4_property_display_name: 'Acme Blog',
    });
    const linked = await screen.findByRole('list', { name: 'Linked properties' });
    expect(within(linked).getByText('Acme Blog')).toBeTruthy();
    expect(within(linked).getByText('On dashboard')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Acme Blog' })).toBeNull();
    expect(screen.getByText('Property linked')).toBeTruthy();
  });

  it('unlinks a property', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    const { user } = await open('/connections/ga4/manage', 'Manage GA4 Properties');
    await user.click(await screen.findByRole('button', { name: 'Unlink Acme Shop' }));
    await waitFor(() => expect(api.callsTo('DELETE /integrations/ga4/unlink/link-111')).toHaveLength(1));
    expect(await screen.findByText(/No property is linked to this space yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link Acme Shop' })).toBeTruthy();
  });

  it('after the OAuth callback with ?error=, shows the matching message and cleans the address', async () => {
    const { location } = await open('/connections/ga4/manage?error=GA4_INSUFFICIENT_SCOPE', 'Manage GA4 Properties');
    expect(await screen.findByText('Google Analytics permissions need to be updated. Please reconnect your account.')).toBeTruthy();
    await waitForLocation(location, '/connections/ga4/manage');
  });

  it('after a connection refused for too many accounts, says which limit and what to do', async () => {
    const { location } = await open(`/connections/ga4/manage?error=${GA4_TOO_MANY_ACCOUNTS_ERROR}`, 'Manage GA4 Properties');
    expect(await screen.findByText(GA4_TOO_MANY_ACCOUNTS_TEXT)).toBeTruthy();
    expect(GA4_TOO_MANY_ACCOUNTS_TEXT).toMatch(/Remove one you no longer use/);
    await waitForLocation(location, '/connections/ga4/manage');
  });

  it('after ?connected=1, says so once and cleans the address', async () => {
    const { location } = await open('/connections/ga4/manage?connected=1', 'Manage GA4 Properties');
    expect(await screen.findByText('Google Analytics connected')).toBeTruthy();
    await waitForLocation(location, '/connections/ga4/manage');
    expect(screen.getAllByText('Google Analytics connected')).toHaveLength(1);
  });
});
