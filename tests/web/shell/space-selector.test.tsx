import { act, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { spacesState } from '../../../src/session';
import type { FakeApi } from '../app/support/fake-api';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

const trigger = () => screen.getByRole('button', { name: /^Space:/ });

async function openMenu(role: 'org_owner' | 'org_member' = 'org_owner') {
  await signInAs(api, role);
  const app = renderApp('/settings');
  await screen.findByRole('navigation', { name: 'Main navigation' });
  expect(trigger().textContent).toContain('Main Space');
  await app.user.click(trigger());
  return { ...app, menu: await screen.findByRole('menu') };
}

async function openCreateDialog() {
  const app = await openMenu('org_owner');
  await app.user.click(within(app.menu).getByRole('menuitem', { name: 'Create New Space' }));
  return { ...app, dialog: await screen.findByRole('dialog', { name: 'Create New Space' }) };
}

describe('space list', () => {
  it('lists the spaces with the current one ticked', async () => {
    const { menu } = await openMenu();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent?.trim())).toEqual(['Main Space (current space)', 'Spring Launch', 'Create New Space']);
    expect(items[0]?.getAttribute('aria-current')).toBe('true');
    expect(items[1]?.getAttribute('aria-current')).toBeNull();
  });

  it('switches space and says so', async () => {
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Spring Launch' }));
    expect(await screen.findByText('Switched space successfully')).toBeTruthy();
    // Toasts carry the spec 000 §9 close label inside the 'Notifications' region.
    expect(screen.getByRole('button', { name: 'Close toast' })).toBeTruthy();
    expect(screen.getByRole('region', { name: /^Notifications/ })).toBeTruthy();
    expect(spacesState.currentSpaceId).toBe('s2');
    expect(localStorage.getItem('currentSpaceId')).toBe('s2');
    await waitFor(() => expect(trigger().textContent).toContain('Spring Launch'));
  });

  it("shows 'Loading spaces...' while loading and 'No spaces available' when empty", async () => {
    const { user } = await openMenu('org_member');
    await user.keyboard('{Escape}');
    act(() => {
      spacesState.loading = true;
    });
    await user.click(trigger());
    expect(within(await screen.findByRole('menu')).getByText('Loading spaces...')).toBeTruthy();
    await user.keyboard('{Escape}');
    act(() => {
      spacesState.loading = false;
      spacesState.spaces = [];
      spacesState.currentSpaceId = null;
    });
    await user.click(trigger());
    expect(within(await screen.findByRole('menu')).getByText('No spaces available')).toBeTruthy();
  });

  it('offers Create New Space only to owners and admins', async () => {
    const { menu } = await openMenu('org_member');
    expect(within(menu).queryByRole('menuitem', { name: 'Create New Space' })).toBeNull();
  });
});

describe('Create New Space dialog', () => {
  it('derives the slug from the name until the slug is edited, and enables Create only when valid', async () => {
    const { user, dialog } = await openCreateDialog();
    const name = within(dialog).getByLabelText('Name');
    const slug = within(dialog).getByLabelText('Slug') as HTMLInputElement;
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    await user.type(name, '  Q3 Brand Push!  ');
    expect(slug.value).toBe('q3-brand-push');
    expect(create.disabled).toBe(false);

    await user.clear(slug);
    await user.type(slug, 'Bad Slug');
    expect(create.disabled).toBe(true);
    expect(within(dialog).getByText('Slug may only contain lowercase letters, numbers and hyphens')).toBeTruthy();

    await user.type(name, ' again');
    expect(slug.value).toBe('Bad Slug'); // once edited, the slug is the user's

    await user.clear(slug);
    await user.tab();
    expect(within(dialog).getByText('Slug is required')).toBeTruthy();
    await user.type(slug, 'q3-push');
    expect(create.disabled).toBe(false);
  });

  it('shows no errors before anything is typed: tabbing through the form, or cancelling it', async () => {
    const { user, dialog } = await openCreateDialog();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(within(dialog).queryByText('Slug is required')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('reports a missing name', async () => {
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.tab();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates the space, switches to it and says so', async () => {
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Summer Sale');
    await user.type(within(dialog).getByLabelText(/Description/), 'Seasonal promos');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Space created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /spaces/')[0]?.body).toEqual({
      name: 'Summer Sale',
      slug: 'summer-sale',
      description: 'Seasonal promos',
    });
    await waitFor(() => expect(trigger().textContent).toContain('Summer Sale'));
  });

  it('shows the failure and keeps what was typed', async () => {
    api.on('POST /spaces/', () => ({ status: 409, body: { message: 'A space with this slug already exists' } }));
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Main Space');
    await user.type(within(dialog).getByLabelText(/Description/), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A space with this slug already exists')).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Main Space');
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('main-space');
    expect((within(dialog).getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe('Duplicate');
  });

  it("opens on the global 'open-space-selector' event", async () => {
    await signInAs(api, 'org_admin');
    renderApp('/settings');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    act(() => void window.dispatchEvent(new CustomEvent('open-space-selector')));
    expect(await screen.findByRole('dialog', { name: 'Create New Space' })).toBeTruthy();
  });
});
