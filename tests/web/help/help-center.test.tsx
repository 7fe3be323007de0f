/**
 * Help & Support in Settings: guides for each area with search, the keyboard shortcuts, and the
 * organisation's owners and admins by name with mailto links (an owner is never told to contact
 * an administrator).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

async function openHelp(role: 'org_owner' | 'org_member', email: string) {
  await signInAs(api, role, { email });
  const app = renderApp('/settings#help');
  // The guides load with the card, in a chunk of their own.
  await screen.findByRole('heading', { name: 'Guides' });
  return app;
}

describe('Help & Support', () => {
  it('lists a guide for each area and finds them by search', async () => {
    const { user } = await openHelp('org_member', 'mo@acme.test');
    const guides = within(screen.getByRole('heading', { name: 'Guides' }).closest('section')!);
    for (const title of ['Getting started', 'Spaces', 'Knowledge base', 'AI agents and chat', 'Credits and plans', 'Analytics', 'Working offline']) {
      expect(guides.getByText(title)).toBeTruthy();
    }
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'offline');
    expect(screen.getByText(/guides? match(es)? “offline”/)).toBeTruthy();
    expect(guides.getByText('Working offline')).toBeTruthy();
    expect(guides.queryByText('Credits and plans')).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search help' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'zebra crossing');
    expect(screen.getByText('No guide matches. Try another word, or ask one of the people below.')).toBeTruthy();
  });

  it('states what each credit mode costs, from the product\'s own numbers', async () => {
    await openHelp('org_member', 'mo@acme.test');
    expect(screen.getByText(/Sending a message uses credits: Normal 20, Medium 30, Max 40/)).toBeTruthy();
  });

  it('shows the keyboard shortcuts the app has', async () => {
    await openHelp('org_member', 'mo@acme.test');
    const shortcuts = screen.getByRole('heading', { name: 'Keyboard shortcuts' }).closest('section')!;
    for (const does of ['Show or hide the sidebar', 'Jump to notifications', 'Send a message (in a chat)', 'New line in a message']) {
      expect(within(shortcuts).getByText(does)).toBeTruthy();
    }
  });

  it('gives a member the owners and admins by name, with mailto links', async () => {
    await openHelp('org_member', 'mo@acme.test');
    const list = await screen.findByRole('list', { name: 'Owners and admins' });
    expect(within(list).getByText('Olga Owner')).toBeTruthy();
    expect(within(list).getByRole('link', { name: /olga@acme\.test/ }).getAttribute('href')).toBe('mailto:olga@acme.test');
    expect(within(list).getByRole('link', { name: /ann@acme\.test/ }).getAttribute('href')).toBe('mailto:ann@acme.test');
    expect(screen.queryByText(/Mosaic administrator/)).toBeNull();
  });

  it('tells an owner what they can do themselves and lists the others, never "contact your administrator"', async () => {
    await openHelp('org_owner', 'olga@acme.test');
    expect(await screen.findByText(/You are an owner: you change roles and invite people/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Owners and admins' });
    expect(within(list).queryByText('Olga Owner')).toBeNull();
    expect(within(list).getByText('Ann Admin')).toBeTruthy();
    expect(screen.queryByText(/administrator/i)).toBeNull();
  });
});
