import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { switchSpace } from '../../../src/features/spaces/spaces.store';
import { spacesState } from '../../../src/session';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

prepareScreenTests();

describe('a tab whose space was deleted or archived elsewhere', () => {
  it('moves to the default space and says why, on its next request', async () => {
    const api = installFakeApi();
    await signInAs(api, 'org_member');
    switchSpace('s2');
    expect(spacesState.currentSpaceId).toBe('s2');

    // Someone deletes "Spring Launch": the server no longer lists it and refuses it as X-Space-Id.
    api.spaces = api.spaces.filter((space) => space.id !== 's2');
    api.on('GET /settings/brand-voice', (call) =>
      call.headers.get('x-space-id') === 's2'
        ? { status: 404, body: { detail: 'Space not found', code: 'NOT_FOUND' } }
        : { status: 200, body: { content: 'Warm and plain.', updatedAt: null, createdBy: null } },
    );
    renderApp('/workspace-settings');

    expect(
      await screen.findByText('"Spring Launch" is no longer available: it was deleted or archived. You are now in "Main Space".'),
    ).toBeTruthy();
    expect(spacesState.currentSpaceId).toBe('s1');
    expect(spacesState.spaces.map((space) => space.name)).toEqual(['Main Space']);
    expect(localStorage.getItem('currentSpaceId')).toBe('s1');
    // The screen reloads for the new space.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Brand voice' }) as HTMLTextAreaElement).value).toBe('Warm and plain.'));
  });

  it('ignores a 404 that is not about the space', async () => {
    const api = installFakeApi();
    await signInAs(api, 'org_member');
    const before = spacesState.currentSpaceId;
    api.on('GET /settings/brand-voice', () => ({ status: 404, body: { detail: 'Not found', code: 'NOT_FOUND' } }));
    renderApp('/workspace-settings');

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch brand voice');
    expect(spacesState.currentSpaceId).toBe(before);
    expect(api.callsTo('GET /spaces/')).toHaveLength(1);
  });
});
