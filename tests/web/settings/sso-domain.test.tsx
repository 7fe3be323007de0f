/**
 * Workspace Settings → Single sign-on → the email domain (docs/sso.md "Domain verification"): the
 * owner sees whether it is proved, the exact TXT record to add (to copy), Verify with its progress
 * and the server's sentence when it fails, and "Ask for admin review"; a verified domain, a
 * rejection's reason, and an admin's read-only view; a domain another organisation holds.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { DomainClaim } from '../../../src/contract/domain-claims';
import type { SsoProvider } from '../../../src/contract/sso-settings';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { VERIFICATION_VALUE, unverifiedClaim } from './fake-domain-claim';

const REDIRECT = 'http://localhost/api/v1/auth/sso/callback';
const VALUE = VERIFICATION_VALUE;
const PROVIDER: SsoProvider = {
  provider_name: 'Acme ID',
  issuer: 'https://login.acme.test',
  client_id: 'mosaic',
  email_domain: 'acme.test',
  enabled: true,
  client_secret_set: true,
  updated_at: '2026-03-10T09:00:00.000Z',
};
const claimWith = (change: Partial<DomainClaim> = {}): DomainClaim => unverifiedClaim('acme.test', change);
const RECORD_MISSING =
  'Mosaic found no TXT record "' +
  VALUE +
  "\" at _mosaic-verification.acme.test or acme.test. Add it where acme.test's DNS is managed, wait a few minutes for the change to spread, then choose Verify again.";

let api: FakeApi;
prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

function serve(claim: DomainClaim) {
  api.on('GET /settings/sso', () => ({ status: 200, body: { provider: PROVIDER, redirect_uri: REDIRECT, domain_claim: claim } }));
}

async function openDomain(role: 'org_owner' | 'org_admin' = 'org_owner') {
  await signInAs(api, role);
  const app = renderApp('/workspace-settings');
  const section = (await screen.findByRole('heading', { name: 'Email domain acme.test' })).closest('section')!;
  return { ...app, section };
}

describe('Workspace Settings: the single sign-on email domain', () => {
  it('shows an unverified domain’s TXT record to copy, explains a failed check, and shows progress until it is verified', async () => {
    serve(claimWith());
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    api.on('POST /settings/domain-claims/acme.test/verify', () => new Promise((resolve) => (answer = resolve)));
    const { user, section } = await openDomain();
    const scope = within(section as HTMLElement);
    expect(scope.getByText('Unverified')).toBeTruthy();
    expect(scope.getByText(/the sign-in screen does not offer Acme ID/)).toBeTruthy();
    expect(screen.getByText('Not offered until the domain is verified')).toBeTruthy();
    expect((scope.getByLabelText('TXT record name') as HTMLInputElement).value).toBe('_mosaic-verification.acme.test');
    expect((scope.getByLabelText('TXT record value') as HTMLInputElement).value).toBe(VALUE);
    await user.click(scope.getByRole('button', { name: 'Copy txt record value' }));
    expect(await navigator.clipboard.readText()).toBe(VALUE);

    // The check takes a moment: the button spins and says what it is doing.
    await user.click(scope.getByRole('button', { name: 'Verify' }));
    expect(await scope.findByText('Looking up the TXT record of acme.test…')).toBeTruthy();
    expect(scope.getByRole('button', { name: 'Ask for admin review' }).hasAttribute('disabled')).toBe(true);
    answer({ status: 422, body: { detail: RECORD_MISSING, code: 'DOMAIN_RECORD_MISSING' } });
    expect((await scope.findByRole('alert')).textContent).toBe(RECORD_MISSING);
    expect(scope.queryByText('Looking up the TXT record of acme.test…')).toBeNull();

    api.on('POST /settings/domain-claims/acme.test/verify', () => ({
      status: 200,
      body: claimWith({ status: 'verified', verified_at: '2026-03-11T10:00:00.000Z', verification_method: 'dns', last_checked_at: '2026-03-11T10:00:00.000Z' }),
    }));
    await user.click(scope.getByRole('button', { name: 'Verify' }));
    expect(await scope.findByText('Verified')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    expect(scope.getByText(/Verified on 11 Mar 2026 by its DNS TXT record/)).toBeTruthy();
    expect(await screen.findByText('acme.test is verified: the sign-in screen now offers Acme ID')).toBeTruthy();
    expect(scope.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(scope.queryByLabelText('TXT record value')).toBeNull();
  });

  it('sends the claim to the platform admins when DNS cannot be used, and says it is awaiting review', async () => {
    serve(claimWith());
    api.on('POST /settings/domain-claims/acme.test/review', () => ({
      status: 200,
      body: claimWith({ status: 'pending_review', review_reason: 'owner_request', review_requested_at: '2026-03-11T10:00:00.000Z' }),
    }));
    const { user, section } = await openDomain();
    const scope = within(section as HTMLElement);
    await user.click(scope.getByRole('button', { name: 'Ask for admin review' }));
    expect(await scope.findByText('Awaiting admin review')).toBeTruthy();
    expect(scope.getByText(/Awaiting review by a Mosaic platform admin since 11 Mar 2026/)).toBeTruthy();
    // DNS still works meanwhile; asking twice is not offered.
    expect(scope.getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(scope.queryByRole('button', { name: 'Ask for admin review' })).toBeNull();
    expect(api.callsTo('POST /settings/domain-claims/acme.test/review')).toHaveLength(1);
  });

  it('shows a rejection’s reason, and an admin the state without the owner’s actions', async () => {
    serve(claimWith({ last_decision: { outcome: 'rejected', at: '2026-03-12T09:00:00.000Z', note: 'No proof of ownership was sent' } }));
    const { section } = await openDomain('org_admin');
    const scope = within(section as HTMLElement);
    expect(scope.getByText('Unverified')).toBeTruthy();
    expect(scope.getByText(/declined to verify acme.test on 12 Mar 2026: “No proof of ownership was sent”/)).toBeTruthy();
    expect(scope.getByText('An owner of your organisation can verify it here.')).toBeTruthy();
    expect(scope.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(scope.queryByLabelText('TXT record value')).toBeNull();
  });

  it('says what to do when another organisation holds the domain', async () => {
    const taken =
      "acme.test is already verified by another organisation in Mosaic, so it cannot be used here. If acme.test belongs to your organisation, contact Mosaic support: the clash has been sent to Mosaic's platform admins, who will check who owns the domain.";
    api.on('GET /settings/sso', () => ({ status: 200, body: { provider: null, redirect_uri: REDIRECT, domain_claim: null } }));
    api.on('PUT /settings/sso', () => ({ status: 409, body: { detail: taken, code: 'DOMAIN_TAKEN' } }));
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/workspace-settings');
    const form = await screen.findByRole('form', { name: 'Single sign-on settings' });
    const field = (label: string) => within(form).getByLabelText(label);
    await user.type(field('Provider name'), 'Acme ID');
    await user.type(field('Issuer URL'), 'https://login.acme.test');
    await user.type(field('Client ID'), 'mosaic');
    await user.type(field('Client secret'), 's3cret');
    await user.type(field('Email domain'), 'acme.test');
    await user.click(within(form).getByRole('button', { name: 'Set up single sign-on' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(taken));
  });
});
