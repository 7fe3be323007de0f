/**
 * Back from Stripe's payment page before the payment is confirmed: the Credits screen asks the
 * server again on the real schedule (src/features/billing/checkout-polling.ts), here under a fake
 * clock against a fake server whose checkout stays open (paid on the page, the webhook not in):
 * 1, 2 and 3 s apart, then every 5 s, 40 questions in all (about three minutes); then it says the
 * payment is taking longer than usual, stops asking, and offers "Check again".
 */
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { CHECKOUT_MESSAGES } from '../../../src/features/billing/billing.messages';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';
import { installFakeBilling, type FakeBilling } from './fake-billing';

let api: FakeApi;
let billing: FakeBilling;

beforeEach(async () => {
  installDomShims();
  api = installFakeApi();
  billing = installFakeBilling(api, { payments: 'stripe' });
  await wipeAll();
});
afterEach(async () => {
  vi.useRealTimers();
  await signOut();
});

/** When each question after the first comes, in ms after the first answer: 1, 2, 3 s apart, then every 5 s. */
const SCHEDULE_MS = [1000, 3000, 6000, ...Array.from({ length: 36 }, (_, n) => 11_000 + n * 5000)];

describe('the return from a payment not yet confirmed', () => {
  it('asks again after 1, 2 and 3 s, then every 5 s, and after 40 questions says it is taking longer and stops', async () => {
    billing.addCheckout({ id: 'chk-9', credits: 20_000, bonus: 4000, amount: 200 });
    const askedAt: number[] = [];
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    api.on('GET /billing/checkouts/chk-9', async () => {
      askedAt.push(Date.now());
      // The first question is held until the clock is the test's: the next is planned from its answer.
      if (askedAt.length === 1) await firstAnswered;
      return { status: 200, body: billing.checkouts.get('chk-9') };
    });
    await signInAs(api, 'org_owner');
    renderApp('/credits?checkout=success&checkout_id=chk-9');
    const banner = await screen.findByRole('status', { name: 'Payment' });
    expect(within(banner).getByText(CHECKOUT_MESSAGES.waiting)).toBeTruthy();
    await waitFor(() => expect(askedAt).toHaveLength(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answered = Date.now();
    answerFirst();
    // Up to a moment before the last question: still waiting, as usual.
    await act(() => vi.advanceTimersByTimeAsync(SCHEDULE_MS.at(-1)! - 1));
    expect(askedAt.slice(1).map((at) => at - answered)).toEqual(SCHEDULE_MS.slice(0, -1));
    expect(within(banner).getByText(CHECKOUT_MESSAGES.waitingDetail)).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Check again' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(askedAt.slice(1).map((at) => at - answered)).toEqual(SCHEDULE_MS);
    expect(within(banner).getByText(CHECKOUT_MESSAGES.waiting)).toBeTruthy();
    expect(within(banner).getByText(CHECKOUT_MESSAGES.waitingLong)).toBeTruthy();
    expect(within(banner).queryByText(CHECKOUT_MESSAGES.waitingDetail)).toBeNull();

    // Given up: no more questions, however long the screen stays open...
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(askedAt).toHaveLength(40);
    // ...until the buyer asks: at once, and on the same schedule again.
    fireEvent.click(within(banner).getByRole('button', { name: 'Check again' }));
    const again = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(askedAt.slice(40).map((at) => at - again)).toEqual([0, 1000, 3000]);
    expect(within(banner).getByText(CHECKOUT_MESSAGES.waitingDetail)).toBeTruthy();
  });
});
