import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';
import { serveOrg } from './fake-org';


beforeEach(() => {
  installDomShims();
});

afterEach(signOut);

async function openInviteDialog(setup?: (api: FakeApi) => void) {
  const api = installFakeApi();
  serveOrg(api);
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

  it('sends email and role, says so, and lists the new invite', async () => {
    const { api, dialog, email, send, user } = await openInviteDialog();

    await user.type(email, '  gina@acme.test ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(send);

    await waitFor(() => expect(api.callsTo('POST /orgs/invites')).toHaveLength(1));
    expect(api.callsTo('POST /orgs/invites')[0]!.body).toEqual({ email: 'gina@acme.test', role: 'org_admin' });
    // The toaster's code loads on demand, so its first toast may take a moment.
    expect(await screen.findByText('Invite sent to gina@acme.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const invites = screen.getByRole('list', { name: 'Pending invites' });
    expect(within(invites).getByRole('listitem', { name: 'gina@acme.test' })).toBeTruthy();
    expect(within(invites).getByRole('listitem', { name: 'dan@acme.test' })).toBeTruthy();
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
