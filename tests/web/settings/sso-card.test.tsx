/**
 * Workspace Settings → Single sign-on: an owner sets up the provider (each field's rule shown
 * before anything is sent, the server's refusal under its field, the secret never shown again);
 * an admin reads it; a member does not see it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { SsoProvider } from '../../../src/contract/sso-settings';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { unverifiedClaim } from './fake-domain-claim';

const REDIRECT = 'http://localhost/api/v1/auth/sso/callback';
let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

/** The claim saving makes: unverified until its TXT record is found (tests/web/settings/sso-domain.test.tsx). */
const claimOf = (domain: string) => unverifiedClaim(domain);

function serveSso(initial: SsoProvider | null = null) {
  let provider = initial;
  api.on('GET /settings/sso', () => ({ status: 200, body: { provider, redirect_uri: REDIRECT, domain_claim: provider ? claimOf(provider.email_domain) : null } }));
  api.on('PUT /settings/sso', (call) => {
    const body = call.body as { provider_name: string; issuer: string; client_id: string; email_domain: string; enabled: boolean };
    if (body.issuer.includes('wrong')) {
      return {
        status: 422,
        body: { detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'issuer', message: "Mosaic could not read the provider's OpenID configuration at https://wrong.example: it answered 404. Check the issuer URL." }] },
      };
    }
    provider = { ...body, email_domain: body.email_domain.toLowerCase(), client_secret_set: true, updated_at: '2026-03-10T09:00:00.000Z' };
    return { status: 200, body: provider };
  });
}

async function openCard(role: 'org_owner' | 'org_admin') {
  await signInAs(api, role);
  const app = renderApp('/workspace-settings');
  await screen.findByRole('heading', { name: 'Single sign-on' });
  return app;
}

describe('Workspace Settings: single sign-on', () => {
  it('lets an owner set it up, with each rule shown before sending and the redirect URI to copy', async () => {
    serveSso();
    const { user } = await openCard('org_owner');
    const form = await screen.findByRole('form', { name: 'Single sign-on settings' });
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    expect(field('Redirect URI').value).toBe(REDIRECT);

    await user.type(field('Email domain'), 'not a domain');
    await user.click(within(form).getByRole('button', { name: 'Set up single sign-on' }));
    expect(within(form).getByText('Enter one email domain, like example.com (no @, no spaces)')).toBeTruthy();
    expect(within(form).getByText('Enter the client secret the provider gave Mosaic')).toBeTruthy();
    expect(api.callsTo('PUT /settings/sso')).toHaveLength(0);

    await user.type(field('Provider name'), 'Acme ID');
    await user.type(field('Issuer URL'), 'https://wrong.example');
    await user.type(field('Client ID'), 'mosaic');
    await user.type(field('Client secret'), 's3cret');
    await user.clear(field('Email domain'));
    await user.type(field('Email domain'), 'Acme.test');
    await user.click(within(form).getByRole('button', { name: 'Set up single sign-on' }));
    expect(await within(form).findByText(/could not read the provider's OpenID configuration/)).toBeTruthy();

    await user.clear(field('Issuer URL'));
    await user.type(field('Issuer URL'), 'https://login.acme.test');
    await user.click(within(form).getByRole('button', { name: 'Set up single sign-on' }));
    expect(await screen.findByText('Single sign-on saved. Verify acme.test below so the sign-in screen offers Acme ID.')).toBeTruthy();
    // The domain's state and its record to add appear above the form.
    expect(await screen.findByRole('heading', { name: 'Email domain acme.test' })).toBeTruthy();
    expect(api.callsTo('PUT /settings/sso').at(-1)?.body).toEqual({
      provider_name: 'Acme ID',
      issuer: 'https://login.acme.test',
      client_id: 'mosaic',
      client_secret: 's3cret',
      email_domain: 'Acme.test',
      enabled: true,
    });
    // Saved: the secret is not shown again; the hint says it is kept.
    expect(field('Client secret').value).toBe('');
    expect(within(form).getByText('Saved and hidden. Leave empty to keep it, or enter a new one.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save single sign-on' })).toBeTruthy();
  });

  it('shows an admin how the organisation signs in, read-only', async () => {
    serveSso({ provider_name: 'Acme ID', issuer: 'https://login.acme.test', client_id: 'mosaic', email_domain: 'acme.test', enabled: true, client_secret_set: true, updated_at: '2026-03-10T09:00:00.000Z' });
    await openCard('org_admin');
    expect(await screen.findByText('Only organisation owners can change single sign-on.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Single sign-on settings' })).toBeNull();
  });

  it('is not shown to members', async () => {
    await signInAs(api, 'org_member');
    renderApp('/workspace-settings');
    await screen.findByRole('heading', { name: 'Workspace Settings', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Single sign-on' })).toBeNull();
    expect(api.callsTo('GET /settings/sso')).toHaveLength(0);
  });
});
