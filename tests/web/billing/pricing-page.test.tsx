import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { wipeAll } from '../../../src/db';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { installFakeBilling } from './fake-billing';

let api: FakeApi;

prepareScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  installFakeBilling(api);
  await wipeAll();
});

const planCard = (name: string) => screen.getByLabelText(`${name} plan`);
const openPricing = () => screen.findByRole('heading', { name: 'Pricing', level: 1 });

describe('Pricing screen', () => {
  it('shows every plan side by side without sign-in, and sends visitors to Register', async () => {
    const { user, location } = renderApp('/pricing');
    await openPricing();
    for (const name of ['Free Trial', 'Starter', 'Pro', 'Business']) expect(planCard(name)).toBeTruthy();
    expect(within(planCard('Pro')).getByText('$99')).toBeTruthy();
    expect(within(planCard('Pro')).getByText('Most popular')).toBeTruthy();
    expect(within(planCard('Free Trial')).getByText('for 14 days')).toBeTruthy();
    expect(within(planCard('Free Trial')).getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/register');
    await user.click(within(planCard('Business')).getByRole('link', { name: 'Start with Business' }));
    await waitForLocation(location, '/register');
    expect(api.callsTo('POST /billing/plan/upgrade')).toHaveLength(0);
  });

  it('lists the same lines on every card, in the same order: its credits and their terms, then the agents and all the rest', async () => {
    renderApp('/pricing');
    await openPricing();
    const lines = (name: string) => within(screen.getByRole('list', { name: `What the ${name} plan includes` })).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines('Pro').slice(0, 2)).toEqual(['40,000 credits every month', 'Unused credits carry over']);
    expect(lines('Free Trial').slice(0, 2)).toEqual(['3,000 credits for 14 days', 'No payment details needed']);
    const shared = lines('Free Trial').slice(2);
    expect(shared).toContain('All six AI agents');
    for (const name of ['Starter', 'Pro', 'Business']) expect(lines(name).slice(2)).toEqual(shared);
  });

  it('says before a switch mid-period what it costs and grants: the differences up, nothing now down', async () => {
    installFakeBilling(api, { plan: { name: 'Pro', type: 'pro', expires_at: null, days_left: 20 } });
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/pricing');
    await openPricing();
    await waitFor(() => expect(within(planCard('Pro')).getAllByText('Current plan').length).toBeGreaterThan(0));

    await user.click(within(planCard('Business')).getByRole('button', { name: 'Switch to Business' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Change to the Business plan?' });
    expect(dialog.textContent).toContain('You will be charged $200 now, the difference from the Pro plan for the rest of this month, and $299 a month from the next renewal.');
    expect(dialog.textContent).toContain('110,000 credits (the difference) are added straight away; the renewal date stays.');
    expect(within(dialog).getByRole('button', { name: 'Pay $200 and change plan' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(planCard('Starter')).getByRole('button', { name: 'Switch to Starter' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Change to the Starter plan?' });
    expect(dialog.textContent).toContain("Nothing is charged now and the credits you have stay. The Starter plan's 10,000 credits a month start at the next renewal ($29 a month from then).");
    expect(within(dialog).getByRole('button', { name: 'Change plan' })).toBeTruthy();
    expect(api.callsTo('POST /billing/plan/upgrade')).toHaveLength(0);
  });

  it('upgrades an owner after confirming, then shows the new plan in the sidebar card', async () => {
    await signInAs(api, 'org_owner');
    const { user, location } = renderApp('/pricing');
    await openPricing();
    await waitFor(() => expect(within(planCard('Free Trial')).getByText('Current plan')).toBeTruthy());
    await user.click(within(planCard('Pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change to the Pro plan?' });
    expect(within(dialog).getByText(/charged \$99 now and every month/)).toBeTruthy();
    expect(await within(dialog).findByText('Demo payments — no money is taken')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $99 and change plan' }));
    await waitForLocation(location, '/credits');
    expect(api.callsTo('POST /billing/plan/upgrade')[0]!.body).toEqual({ plan_type: 'pro' });
    const card = screen.getByLabelText('Plan and credits');
    expect(await within(card).findByText('Pro plan')).toBeTruthy();
    expect(await screen.findByText('Your organisation is now on the Pro plan')).toBeTruthy();
  });

  it("reports a refused change with 'Failed to change plan' and the server's reason", async () => {
    api.on('POST /billing/plan/upgrade', () => ({ status: 402, body: { detail: 'Payment declined: card expired', code: 'PAYMENT_DECLINED' } }));
    await signInAs(api, 'org_admin');
    const { user, location } = renderApp('/pricing');
    await openPricing();
    await user.click(within(planCard('Starter')).getByRole('button', { name: 'Upgrade to Starter' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /change plan/ }));
    expect(await screen.findByText('Failed to change plan')).toBeTruthy();
    expect(screen.getByText('Payment declined: card expired')).toBeTruthy();
    expect(location()).toBe('/pricing');
  });

  it('tells members that owners and admins change the plan', async () => {
    await signInAs(api, 'org_member');
    renderApp('/pricing');
    await openPricing();
    const upgrade = await within(planCard('Pro')).findByRole('button', { name: 'Upgrade to Pro' });
    expect(upgrade.hasAttribute('disabled')).toBe(true);
    expect(within(planCard('Pro')).getByText('Ask an owner or admin of your organisation to change the plan.')).toBeTruthy();
  });
});
