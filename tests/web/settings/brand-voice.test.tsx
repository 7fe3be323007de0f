import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

/** The editor as it is now (it is re-rendered once the saved text arrives). */
const editor = () => screen.getByRole('textbox', { name: 'Brand voice' }) as HTMLTextAreaElement;
const showsSaved = () => waitFor(() => expect(editor().value).toBe('Warm, plain and confident.'));

const SAVED = { content: 'Warm, plain and confident.', updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(), createdBy: 'u-org_owner' };

prepareScreenTests();

function serveBrandVoice(api: FakeApi, initial = SAVED) {
  let current = initial;
  api.on('GET /settings/brand-voice', () => ({ status: 200, body: current }));
  api.on('PUT /settings/brand-voice', (call) => {
    current = { ...current, content: (call.body as { content: string }).content, updatedAt: new Date().toISOString() };
    return { status: 200, body: current };
  });
}

describe('Workspace Settings: brand voice', () => {
  it('lets an owner edit and save the brand voice', async () => {
    const api = installFakeApi();
    serveBrandVoice(api);
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    await showsSaved();
    expect(screen.getByText('Last updated 5 minutes ago')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save brand voice' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(editor(), { target: { value: 'Warm and plain. We say "bakers".' } });
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(api.callsTo('PUT /settings/brand-voice')).toHaveLength(1));
    expect(api.callsTo('PUT /settings/brand-voice')[0]!.body).toEqual({ content: 'Warm and plain. We say "bakers".' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save brand voice' }).hasAttribute('disabled')).toBe(true));
    expect(editor().value).toBe('Warm and plain. We say "bakers".');
  });

  it('keeps the typed text and says what failed when saving fails', async () => {
    const api = installFakeApi();
    serveBrandVoice(api);
    api.on('PUT /settings/brand-voice', () => ({ status: 500, body: { detail: 'Internal server error' } }));
    await signInAs(api, 'org_admin');
    renderApp('/workspace-settings');

    await showsSaved();
    fireEvent.change(editor(), { target: { value: 'A new voice I do not want to lose.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save brand voice' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update brand voice: Internal server error');
    expect(editor().value).toBe('A new voice I do not want to lose.');
  });

  it('shows members the brand voice read-only', async () => {
    const api = installFakeApi();
    serveBrandVoice(api);
    await signInAs(api, 'org_member');
    renderApp('/workspace-settings');

    await showsSaved();
    expect(editor().readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save brand voice' })).toBeNull();
    expect(screen.getByText('Only organisation owners and admins can change the brand voice.')).toBeTruthy();
  });

  it("says 'Failed to fetch brand voice' when it cannot be loaded", async () => {
    const api = installFakeApi();
    api.on('GET /settings/brand-voice', () => ({ status: 503, body: { detail: 'Database unavailable' } }));
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch brand voice: Database unavailable');
  });
});
