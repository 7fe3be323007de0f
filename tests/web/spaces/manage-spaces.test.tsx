import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { spacesState } from '../../../src/session';
import { installFakeApi, makeSpace } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

prepareScreenTests();

describe('Workspace Settings: spaces', () => {
  it('deletes a space only once its name is typed, and it leaves the list', async () => {
    const api = installFakeApi();
    api.on('POST /spaces/s2/delete', () => {
      api.spaces = api.spaces.filter((space) => space.id !== 's2');
      return { status: 202, body: { id: 's2', status: 'deleting' } };
    });
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    const list = await screen.findByRole('list', { name: 'Spaces' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Spring Launch' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete space' });
    fireEvent.change(within(dialog).getByLabelText('Type Spring Launch to confirm'), { target: { value: 'spring launch' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type Spring Launch to confirm'), { target: { value: 'Spring Launch' } });
    fireEvent.click(confirm);

    await waitFor(() => expect(api.callsTo('POST /spaces/s2/delete')).toHaveLength(1));
    expect(api.callsTo('POST /spaces/s2/delete')[0]!.body).toEqual({ confirm_name: 'Spring Launch' });
    await waitFor(() => expect(within(list).queryByText('Spring Launch')).toBeNull());
    expect(spacesState.spaces.map((space) => space.name)).toEqual(['Main Space']);
    // The default space offers no delete or archive.
    expect(within(list).queryByRole('button', { name: 'Delete Main Space' })).toBeNull();
  });

  it('lists the archived spaces a page at a time: "Show more" reads the next page, and says what to do when it fails', async () => {
    const api = installFakeApi();
    const archivedAt = '2026-03-01T09:00:00.000Z';
    const archived = (id: string, name: string) => ({ ...makeSpace(id, name), archived_at: archivedAt });
    let secondPageFails = true;
    api.on('GET /spaces/archived', (call) => {
      if (!call.query.get('cursor')) return { status: 200, body: { data: [archived('a1', 'Autumn Fair')], next_cursor: 'after-autumn' } };
      expect(call.query.get('cursor')).toBe('after-autumn');
      if (secondPageFails) return { status: 503, body: { detail: 'Service unavailable' } };
      return { status: 200, body: { data: [archived('a2', 'Winter Sale')], next_cursor: null } };
    });
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    const list = await screen.findByRole('list', { name: 'Spaces' });
    await within(list).findByText('Autumn Fair');
    expect(within(list).queryByText('Winter Sale')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more archived spaces' }));
    expect(await screen.findByText('More archived spaces could not be loaded. Check your connection and try Show more again.')).toBeTruthy();

    secondPageFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show more archived spaces' }));
    await within(list).findByText('Winter Sale');
    expect(within(list).getByText('Autumn Fair')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more archived spaces' })).toBeNull();
    expect(screen.queryByText('More archived spaces could not be loaded. Check your connection and try Show more again.')).toBeNull();
  });

  it('is not shown to members', async () => {
    const api = installFakeApi();
    await signInAs(api, 'org_member');
    renderApp('/workspace-settings');
    await screen.findByRole('heading', { name: 'Organisation' });
    expect(screen.queryByRole('list', { name: 'Spaces' })).toBeNull();
    expect(api.callsTo('GET /spaces/archived')).toHaveLength(0);
  });
});
