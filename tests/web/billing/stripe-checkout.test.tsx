import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { leaveAppForCheckout } from '../../../src/features/billing/checkout-navigation';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { installFakeBilling, type FakeBilling } from './fake-billing';

// Leaving for Stripe is a full-page navigation: recorded here instead.
vi.mock('../../../src/features/billing/checkout-navigation', () => ({ leaveAppForCheckout: vi.fn() }));
// The return screen asks again at once instead of after a pause; the fake server decides when it is paid.
// (The real schedule, under a fake clock: checkout-polling.test.tsx.)
vi.mock('../../../src/features/billing/checkout-polling', () => ({ checkoutPollDelayMs: () => 0, MAX_CHECKOUT_POLLS: 40 }));

let api: FakeApi;
let billing: FakeBilling;

prepareScreenTests();
beforeEach(async () => {
  vi.mocked(leaveAppForCheckout).mockClear();
  api = installFakeApi();
  billing = installFakeBilling(api, { payments: 'stripe' });
  await wipeAll();
});

async function open(path: string, heading: 'Credits' | 'Pricing') {
  await signInAs(api, 'org_owner');
  const app = renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return app;
}

/** The checkout answers `open` until `pay()` is called, like a payment whose webhook is on its way. */
function checkoutPaidLater(id: string, input: Parameters<FakeBilling['addCheckout']>[0]) {
  billing.addCheckout(input);
  let pay!: () => void;
  const paid = new Promise<void>((resolve) => (pay = resolve));
  let asked = 0;
  api.on(`GET /billing/checkouts/${id}`, async () => {
    asked += 1;
    if (asked > 1) await paid;
    return { status: 200, body: billing.checkouts.get(id) };
  });
  return () => {
    billing.completeCheckout(id);
    pay();
  };
}

describe('paying with Stripe', () => {
  it('sends the buyer to the payment page and adds nothing here; no demo label', async () => {
    const { user } = await open('/credits', 'Credits');
    const balance = await screen.findByLabelText('Credits balance');
    await within(balance).findByText('1.8K');
    await user.click((await screen.findAllByRole('button', { name: 'Buy credits' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(await within(dialog).findByText("You pay on Stripe's secure payment page, then come back here.")).toBeTruthy();
    expect(within(dialog).queryByText('Demo payments — no money is taken')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $50' }));
    await waitFor(() => expect(vi.mocked(leaveAppForCheckout)).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(within(dialog).getByText('Opening the secure payment page…')).toBeTruthy();
    expect(within(balance).getByTestId('credits-remaining').textContent).toBe('1.8K');
  });

  it('waits on return until the payment is confirmed, then shows the credits', async () => {
    const pay = checkoutPaidLater('chk-7', { id: 'chk-7', credits: 20_000, bonus: 4000, amount: 200 });
    await open('/credits?checkout=success&checkout_id=chk-7', 'Credits');
    const banner = await screen.findByRole('status', { name: 'Payment' });
    expect(await within(banner).findByText('Waiting for the payment to be confirmed…')).toBeTruthy();
    const balance = screen.getByLabelText('Credits balance');
    await within(balance).findByText('1.8K');

    pay();
    expect(await within(banner).findByText('Payment received: credits added')).toBeTruthy();
    expect(within(banner).getByText('24,000 credits are now in your balance.')).toBeTruthy();
    await waitFor(() => expect(within(balance).getByTestId('credits-remaining').textContent).toBe('25.8K'));
  });

  it('says a cancelled payment charged nothing, without asking the server, and can be dismissed', async () => {
    const { user, location } = await open('/credits?checkout=cancelled&checkout_id=chk-3', 'Credits');
    const banner = await screen.findByRole('status', { name: 'Payment' });
    expect(within(banner).getByText('Payment cancelled: nothing was charged')).toBeTruthy();
    expect(api.callsTo('GET /billing/checkouts/chk-3')).toHaveLength(0);
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Payment' })).toBeNull());
    expect(location()).toBe('/credits');
  });

  it('says an expired payment charged nothing, and an unknown one was not found', async () => {
    billing.addCheckout({ id: 'chk-old', status: 'expired' });
    const first = await open('/credits?checkout=success&checkout_id=chk-old', 'Credits');
    expect(await screen.findByText('Payment not completed: nothing was charged')).toBeTruthy();
    first.view.unmount();
    renderApp('/credits?checkout=success&checkout_id=chk-missing');
    expect(await screen.findByText('This payment could not be found. Check your balance and the transactions below.')).toBeTruthy();
  });

  it('pays a plan on Stripe: 30 days, paid again to extend, and the return shows the new plan', async () => {
    const { user } = await open('/pricing', 'Pricing');
    const pro = await screen.findByLabelText('Pro plan');
    await user.click(await within(pro).findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change to the Pro plan?' });
    expect(within(dialog).getByText(/You pay \$99 for 30 days of the Pro plan/)).toBeTruthy();
    expect(within(dialog).getByText(/does not renew by itself/)).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to pay $99' }));
    await waitFor(() => expect(vi.mocked(leaveAppForCheckout)).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(billing.plan.type).toBe('free');

    billing.completeCheckout('chk-1');
    renderApp('/pricing?checkout=success&checkout_id=chk-1');
    expect(await screen.findByText('Payment received: plan changed to Pro')).toBeTruthy();
    const paidPro = (await screen.findAllByLabelText('Pro plan')).at(-1)!;
    expect(await within(paidPro).findByRole('button', { name: 'Extend by 30 days' })).toBeTruthy();
  });
});
