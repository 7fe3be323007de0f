import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { wipeAll } from '../../../src/db';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { installFakeBilling, type FakeBilling } from './fake-billing';

let api: FakeApi;
let billing: FakeBilling;

prepareScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  billing = installFakeBilling(api);
  await wipeAll();
});

async function openCredits(role: 'org_owner' | 'org_member' = 'org_owner') {
  await signInAs(api, role);
  const app = renderApp('/credits');
  // The screen's code loads on demand; the first load in a test file may take a few seconds.
  await screen.findByRole('heading', { name: 'Credits', level: 1 });
  return app;
}

const barWidth = (bar: HTMLElement) => (bar.firstElementChild as HTMLElement).style.width;

describe('Credits screen', () => {
  it('shows the plan, its status and days left, and the balance with its bar', async () => {
    await openCredits();
    const plan = await screen.findByLabelText('Current plan');
    expect(await within(plan).findByText('Free Trial')).toBeTruthy();
    expect(within(plan).getByText('Active')).toBeTruthy();
    expect(within(plan).getByText(/^12 days left in your trial/)).toBeTruthy();
    const balance = screen.getByLabelText('Credits balance');
    expect(within(balance).getByTestId('credits-remaining').textContent).toBe('1.8K');
    expect(barWidth(within(balance).getByRole('progressbar', { name: 'Credits used' }))).toBe('40%');
  });

  it('marks a trial with 3 days left as expiring soon and warns near the limit', async () => {
    billing.plan.days_left = 3;
    billing.credits = { ...billing.credits, used: 2500, remaining: 500 };
    await openCredits();
    const plan = await screen.findByLabelText('Current plan');
    expect(await within(plan).findByText('Expiring soon')).toBeTruthy();
    expect(screen.getByText('You have used 80% or more of your credits.')).toBeTruthy();
  });

  it('buys a package with its bonus: the balance and the bars change', async () => {
    const { user } = await openCredits();
    const balance = await screen.findByLabelText('Credits balance');
    await within(balance).findByText('1.8K');
    await user.click(screen.getAllByRole('button', { name: 'Buy credits' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    // No payment provider is set up: the dialog says no money is taken.
    expect(await within(dialog).findByText('Demo payments — no money is taken')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '20,000 credits for $200' }));
    expect(within(dialog).getByText(/24,000 credits/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $200' }));

    await waitFor(() => expect(within(balance).getByTestId('credits-remaining').textContent).toBe('25.8K'));
    const [purchase] = api.callsTo('POST /billing/credits/purchase');
    expect(purchase!.body).toEqual({ credits: 20_000, bonus: 4000, price: 200 });
    expect(purchase!.headers.get('Idempotency-Key')).toMatch(/^purchase-/);
    // 1,200 used of 27,000.
    expect(barWidth(within(balance).getByRole('progressbar', { name: 'Credits used' }))).toBe('4.444444444444445%');
    const card = screen.getByLabelText('Plan and credits');
    await waitFor(() => expect(within(card).getByText('1.2K / 27.0K')).toBeTruthy());
    expect(await screen.findByText('Bought 20,000 credits')).toBeTruthy();
  });

  it('says why a purchase failed, word for word, and keeps the dialog open', async () => {
    api.on('POST /billing/credits/purchase', () => ({ status: 402, body: { detail: 'Payment declined: card expired', code: 'PAYMENT_DECLINED' } }));
    const { user } = await openCredits();
    await user.click((await screen.findAllByRole('button', { name: 'Buy credits' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $50' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to purchase credits: Payment declined: card expired.');
    // A retry of the same attempt reuses its key, so it can never buy twice.
    await user.click(within(dialog).getByRole('button', { name: 'Pay $50' }));
    await waitFor(() => expect(api.callsTo('POST /billing/credits/purchase')).toHaveLength(2));
    const [first, second] = api.callsTo('POST /billing/credits/purchase');
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it('lists the ledger from the device, pages it and filters it by type', async () => {
    for (let index = 0; index < 23; index++) {
      billing.addTransaction({ credits: 10 + index, transaction_type: 'debit', feature: index % 2 ? 'chat' : 'knowledge', activity: `Use ${index}` });
    }
    billing.addTransaction({ credits: 5500, transaction_type: 'purchase', feature: 'credits', activity: 'Bought 5,000 credits' });
    const { user } = await openCredits();
    const card = await screen.findByLabelText('Transactions');
    await within(card).findByText('Bought 5,000 credits');
    const table = within(card).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1–10 of 24')).toBeTruthy();
    expect(within(table).getByText('+5,500')).toBeTruthy();
    expect(within(table).getByText('−32')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Showing 11–20 of 24');
    await within(table).findByText('Use 13');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Showing 21–24 of 24');
    expect(screen.getByRole('button', { name: /Next/ }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Filter by type' }));
    await user.click(await screen.findByRole('option', { name: 'Purchase' }));
    await screen.findByText('Showing 1–1 of 1');
    expect(api.callsTo('GET /billing/credits/transactions').at(-1)!.query.get('type')).toBe('purchase');
    await waitFor(() => expect(within(within(card).getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(within(card).getByText('Bought 5,000 credits')).toBeTruthy();
  });

  it("shows the device's saved transactions with 'Failed to fetch transactions' when the server fails", async () => {
    billing.addTransaction({ credits: 40, transaction_type: 'debit', activity: 'Saved chat' });
    const first = await openCredits();
    await within(await screen.findByLabelText('Transactions')).findByText('Saved chat');
    first.view.unmount();
    api.on('GET /billing/credits/transactions', () => ({ status: 500, body: { detail: 'down' } }));
    renderApp('/credits');
    expect(await screen.findByText(/^Failed to fetch transactions\. Showing the transactions saved on this device\./)).toBeTruthy();
    expect(within(screen.getByLabelText('Transactions')).getByText('Saved chat')).toBeTruthy();
  });

  it('draws the usage breakdown by feature and by agent', async () => {
    billing.addTransaction({ credits: 60, transaction_type: 'debit', feature: 'chat', agent_name: 'SEO Agent' });
    billing.addTransaction({ credits: 40, transaction_type: 'debit', feature: 'knowledge' });
    const { user } = await openCredits();
    const usage = await screen.findByLabelText('Usage breakdown');
    expect(await within(usage).findByRole('img', { name: 'Credits used by feature' })).toBeTruthy();
    expect(within(usage).getByText('100 credits used in the last 30 days')).toBeTruthy();
    await user.click(within(usage).getByRole('radio', { name: 'By agent' }));
    expect(await within(usage).findByRole('img', { name: 'Credits used by agent' })).toBeTruthy();
    expect(within(usage).getByRole('rowheader', { name: 'SEO Agent' })).toBeTruthy();
    expect(api.callsTo('GET /billing/analytics/usage-breakdown').at(-1)!.query.get('group_by')).toBe('agent');
  });

  it('lets members read but not buy', async () => {
    await openCredits('org_member');
    await screen.findByLabelText('Credits balance');
    expect(screen.queryByRole('button', { name: 'Buy credits' })).toBeNull();
    expect(screen.getByText('Only organisation owners and admins can change the plan or buy credits.')).toBeTruthy();
  });
});
