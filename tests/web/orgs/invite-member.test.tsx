import { describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { fakeInviteLink, serveOrg, type FakeOrg } from './fake-org';


prepareScreenTests();

async function openInviteDialog(setup?: (api: FakeApi) => void, seed: Partial<FakeOrg> = {}) {
  const api = installFakeApi();
  serveOrg(api, seed);
  setup?.(api);
  await signInAs(api, 'org_owner');
  const app = renderApp('/org-admin/users');
  // Generous: the first test of a file also waits for the screen's code to load.
  await screen.findByRole('list', { name: 'Pending invites' });
  await app.user.click(screen.getByRole('button', { name: /Invite member/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
  const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
  const send = within(dialog).getByRole('button', { name: 'Send invite' });
  return { api, dialog, email, send, ...app };
}

describe('Invite member', () => {
  it('checks the email before sending anything', async () => {
    const { api, dialog, email, send, user } = await openInviteDialog();

    await user.click(send);
    expect(within(dialog).getByText('Enter the email address to send the invite to.')).toBeTruthy();
    await user.type(email, 'not-an-email');
    await user.click(send);
    expect(within(dialog).getByText('Enter a valid email address, like name@company.com.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /orgs/invites')).toHaveLength(0);
    expect(email.value).toBe('not-an-email');
  });

  it('says how long the link lasts, in the same number of days as the list', async () => {
    const { dialog, email, send, user } = await openInviteDialog();
    expect(within(dialog).getByText('We email them a link to join your organisation. The link works once and expires after 14 days.')).toBeTruthy();
    await user.type(email, 'gina@acme.test');
    await user.click(send);
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    const invites = await screen.findByRole('list', { name: 'Pending invites' });
    expect(within(invites).getByRole('listitem', { name: 'gina@acme.test' }).textContent).toContain('Expires in 14 days');
  });

  it('emailed: sends email and role, says so, offers the link to copy, and lists the new invite', async () => {
    const { api, dialog, email, send, user } = await openInviteDialog();

    await user.type(email, '  gina@acme.test ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    // Roles in one order everywhere: fewest rights first.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Member', 'Admin']);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(send);

    await waitFor(() => expect(api.callsTo('POST /orgs/invites')).toHaveLength(1));
    expect(api.callsTo('POST /orgs/invites')[0]!.body).toEqual({ email: 'gina@acme.test', role: 'org_admin' });
    // The toaster's code loads on demand, so its first toast may take a moment.
    expect(await screen.findByText('Invite sent to gina@acme.test')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toMatch(/^We emailed an invite link to gina@acme\.test\. It works once and expires on /);
    expect((within(dialog).getByLabelText('Invite link') as HTMLInputElement).value).toBe(fakeInviteLink('i-2'));

    await user.click(within(dialog).getByRole('button', { name: /Copy invite link/ }));
    expect(await navigator.clipboard.readText()).toBe(fakeInviteLink('i-2'));
    expect(await screen.findByText('Invite link copied')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const invites = screen.getByRole('list', { name: 'Pending invites' });
    expect(within(invites).getByRole('listitem', { name: 'gina@acme.test' })).toBeTruthy();
    expect(within(invites).getByRole('listitem', { name: 'dan@acme.test' })).toBeTruthy();
  });

  it('no mail set up on the server: says the link was not emailed (never "sent") and offers it to copy', async () => {
    const { dialog, email, send, user } = await openInviteDialog(undefined, { delivery: 'outbox' });
    await user.type(email, 'hal@acme.test');
    await user.click(send);

    const notice = await within(dialog).findByRole('status');
    expect(notice.textContent).toMatch(
      /^The invite is ready but was not emailed: this server has no mail delivery set up\. Copy the link and send it to hal@acme\.test yourself\./,
    );
    // Earlier tests' toasts may still be on screen: this address was never said to be sent to.
    expect(screen.queryByText('Invite sent to hal@acme.test')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /Copy invite link/ }));
    expect(await navigator.clipboard.readText()).toBe(fakeInviteLink('i-2'));
  });

  it('sending failed: the invite is kept and listed, the dialog says so and the link can still be copied', async () => {
    const { dialog, email, send, user } = await openInviteDialog(undefined, { delivery: 'failed' });
    await user.type(email, 'gina@acme.test');
    await user.click(send);

    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /^The invite is saved, but the email to gina@acme\.test could not be sent\. Copy the link and send it to them yourself, or invite them again later to retry\./,
    );
    expect(within(dialog).getByRole('button', { name: /Copy invite link/ })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const invites = await screen.findByRole('list', { name: 'Pending invites' });
    expect(within(invites).getByRole('listitem', { name: 'gina@acme.test' })).toBeTruthy();
  });

  it('without clipboard access the link is selected and the dialog says how to copy it', async () => {
    const { dialog, email, send, user } = await openInviteDialog();
    await user.type(email, 'gina@acme.test');
    await user.click(send);
    const copy = await within(dialog).findByRole('button', { name: /Copy invite link/ });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(copy);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The link could not be copied automatically: it is selected, so copy it with Ctrl+C (⌘C on a Mac).',
    );
    const field = within(dialog).getByLabelText('Invite link') as HTMLInputElement;
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(fakeInviteLink('i-2').length);
  });

  it('"Invite someone else" brings back an empty form', async () => {
    const { dialog, email, send, user } = await openInviteDialog();
    await user.type(email, 'gina@acme.test');
    await user.click(send);
    await user.click(await within(dialog).findByRole('button', { name: 'Invite someone else' }));
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByLabelText('Invite link')).toBeNull();
  });

  it("shows the server's field errors (422) on their field and keeps the form", async () => {
    const { dialog, email, send, user } = await openInviteDialog((api) =>
      api.on('POST /orgs/invites', () => ({
        status: 422,
        body: { detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'email', message: 'This address cannot receive email' }] },
      })),
    );

    await user.type(email, 'gina@acme.test');
    await user.click(send);

    const error = await within(dialog).findByText('This address cannot receive email');
    expect(error.id).toBe('invite-email-error');
    expect(email.getAttribute('aria-describedby')).toBe('invite-email-error');
    expect(email.value).toBe('gina@acme.test');
    expect(screen.getByRole('dialog', { name: 'Invite member' })).toBeTruthy();
  });

  it('shows a 409 refusal word for word and keeps the dialog open', async () => {
    const { dialog, email, send, user } = await openInviteDialog((api) =>
      api.on('POST /orgs/invites', () => ({ status: 409, body: { detail: 'This email already belongs to a Mosaic account' } })),
    );

    await user.type(email, 'bob@acme.test');
    await user.click(send);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to send invite: This email already belongs to a Mosaic account',
    );
    expect(email.value).toBe('bob@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const invites = await screen.findByRole('list', { name: 'Pending invites' });
    expect(within(invites).queryByText('bob@acme.test')).toBeNull();
  });
});
