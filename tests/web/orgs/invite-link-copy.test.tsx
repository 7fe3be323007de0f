/**
 * "Copy invite link" in the pending invites list: a new link is asked for (the server keeps only
 * a hash of the earlier one), copied, and the person is told the earlier link stopped working;
 * without clipboard access the link is shown under the invite to copy by hand.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { serveOrg } from './fake-org';

const NEW_LINK = 'http://localhost/register?invite=a-brand-new-secret';
let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
  serveOrg(api);
  api.on('POST /orgs/invites/i-1/link', () => ({ status: 200, body: { invite_link: NEW_LINK, expires_at: '2099-01-01T00:00:00.000Z' } }));
});

async function openList() {
  await signInAs(api, 'org_admin');
  const app = renderApp('/org-admin/users');
  await screen.findByRole('list', { name: 'Pending invites' });
  return app;
}

describe('Copy invite link', () => {
  it('asks for a new link, copies it and says the earlier link no longer works', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Copy invite link for dan@acme.test' }));
    expect(await screen.findByText('New invite link for dan@acme.test copied. Any link sent before no longer works.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(NEW_LINK);
    expect(api.callsTo('POST /orgs/invites/i-1/link')).toHaveLength(1);
  });

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Copy invite link for dan@acme.test' }));
    const row = within(screen.getByRole('list', { name: 'Pending invites' })).getByRole('listitem', { name: 'dan@acme.test' });
    expect(((await within(row).findByLabelText('New invite link for dan@acme.test')) as HTMLInputElement).value).toBe(NEW_LINK);
    expect(within(row).getByText(/Any link sent before no longer works/)).toBeTruthy();
  });

  it('says why when no link could be made', async () => {
    api.on('POST /orgs/invites/i-1/link', () => ({
      status: 409,
      body: { detail: 'This invite is no longer pending (accepted, revoked or expired): invite the address again for a new link' },
    }));
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Copy invite link for dan@acme.test' }));
    expect((await screen.findByRole('alert')).textContent).toContain('invite the address again for a new link');
  });
});
