import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDIT_PACKAGES } from '../../../src/contract/billing-catalogue';
import { readBillingSummary } from '../../../src/features/billing/billing.cache';
import { leaveAppForCheckout } from '../../../src/features/billing/checkout-navigation';
import { BillingError } from '../../../src/features/billing/billing.messages';
import {
  CREDITS_CHANGED_EVENT,
  billingState,
  changePlan,
  deductCredits,
  purchaseCredits,
  refreshBilling,
} from '../../../src/features/billing/billing.store';
import { getCurrentSpaceId } from '../../../src/session';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeBilling, type FakeBilling } from './fake-billing';

// Leaving for the payment page is a full-page navigation: recorded here instead.
vi.mock('../../../src/features/billing/checkout-navigation', () => ({ leaveAppForCheckout: vi.fn() }));

let api: FakeApi;
let billing: FakeBilling;

beforeEach(async () => {
  vi.mocked(leaveAppForCheckout).mockClear();
  installDomShims();
  api = installFakeApi();
  billing = installFakeBilling(api);
  await signInAs(api, 'org_owner');
});
afterEach(async () => {
  await signOut();
  // jsdom has no idle callbacks of its own (src/pwa/when-idle.ts then uses a timer).
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

/** Idle moments on demand: `runIdle()` runs what is waiting for one and says how many ran. */
function controlIdleMoments(): { runIdle(): number } {
  const waiting = new Map<number, IdleRequestCallback>();
  let handles = 0;
  window.requestIdleCallback = (callback) => {
    handles += 1;
    waiting.set(handles, callback);
    return handles;
  };
  window.cancelIdleCallback = (handle) => void waiting.delete(handle);
  return {
    runIdle() {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
      return callbacks.length;
    },
  };
}

describe('billing store', () => {
  it('loads plan and credits, and reports each failure with its catalogue text', async () => {
    await refreshBilling();
    expect(billingState.plan?.name).toBe('Free Trial');
    expect(billingState.credits?.remaining).toBe(1800);
    api.on('GET /billing/plan', () => ({ status: 500, body: { detail: 'x' } }));
    api.on('GET /billing/credits', () => ({ status: 503, body: { detail: 'x' } }));
    await refreshBilling();
    expect(billingState.planError).toBe('Failed to fetch plan info');
    expect(billingState.creditsError).toBe('Failed to fetch credits info');
  });

  it('shows the figures before touching the device store, keeps a copy when idle, and offline falls back to it', async () => {
    const idle = controlIdleMoments();
    await refreshBilling();
    expect(billingState.loaded).toBe(true);
    const spaceId = getCurrentSpaceId()!;
    expect(await readBillingSummary(spaceId)).toBeNull();

    expect(idle.runIdle()).toBe(1);
    await waitFor(async () => expect((await readBillingSummary(spaceId))?.credits?.remaining).toBe(1800));

    api.offline = true;
    await refreshBilling();
    expect(billingState.fromDevice).toBe(true);
    expect(billingState.credits?.remaining).toBe(1800);
    expect(billingState.creditsError).toBe('Failed to fetch credits info');
  });

  it('drops a copy still waiting for an idle moment when the person signs out', async () => {
    const idle = controlIdleMoments();
    await refreshBilling();
    await signOut();
    expect(idle.runIdle()).toBe(0);
  });

  it('shares one refresh between concurrent callers', async () => {
    const before = api.callsTo('GET /billing/plan').length;
    await Promise.all([refreshBilling(), refreshBilling(), refreshBilling()]);
    expect(api.callsTo('GET /billing/plan').length - before).toBe(1);
  });

  it('refreshes when a chat announces a charge', async () => {
    await refreshBilling();
    billing.credits = { ...billing.credits, used: 1220, remaining: 1780 };
    window.dispatchEvent(new CustomEvent(CREDITS_CHANGED_EVENT));
    await waitFor(() => expect(billingState.credits?.remaining).toBe(1780));
  });

  it("turns a refused deduction into 'Insufficient credits' and other failures into 'Failed to deduct credits'", async () => {
    api.on('POST /billing/credits/deduct', () => ({ status: 402, body: { detail: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' } }));
    await expect(deductCredits({ amount: 5000 })).rejects.toMatchObject({ message: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' });
    api.on('POST /billing/credits/deduct', () => ({ status: 500, body: { detail: 'boom' } }));
    const failure = await deductCredits({ amount: 5 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BillingError);
    expect((failure as BillingError).message).toBe('Failed to deduct credits');
  });

  it('sends the Idempotency-Key of a deduction', async () => {
    api.on('POST /billing/credits/deduct', () => ({
      status: 200,
      body: { success: true, credits_remaining: 1780, transaction_id: 't1', credits_charged: 20, duplicate: false },
    }));
    await deductCredits({ amount: 20, feature_type: 'chat' }, 'chat_message:m-1');
    expect(api.callsTo('POST /billing/credits/deduct')[0]!.headers.get('Idempotency-Key')).toBe('chat_message:m-1');
  });

  it('buys with an Idempotency-Key and lets the server choose the payment provider', async () => {
    await purchaseCredits(CREDIT_PACKAGES[0]!, 'purchase-k1');
    const [purchase] = api.callsTo('POST /billing/credits/purchase');
    expect(purchase!.body).toEqual({ credits: 1000, bonus: 0, price: 10 });
    expect(purchase!.headers.get('Idempotency-Key')).toBe('purchase-k1');
    await changePlan('pro', 'plan-k1');
    const [upgrade] = api.callsTo('POST /billing/plan/upgrade');
    expect(upgrade!.body).toEqual({ plan_type: 'pro' });
    expect(upgrade!.headers.get('Idempotency-Key')).toBe('plan-k1');
    expect(vi.mocked(leaveAppForCheckout)).not.toHaveBeenCalled();
  });

  it('goes to the payment page when the server opens a checkout, and adds nothing before it is paid', async () => {
    await signOut();
    api = installFakeApi();
    billing = installFakeBilling(api, { payments: 'stripe' });
    await signInAs(api, 'org_owner');
    await refreshBilling();
    const outcome = await purchaseCredits(CREDIT_PACKAGES[1]!);
    expect(outcome).toMatchObject({ kind: 'redirected', checkout: { checkout: { status: 'open' } } });
    expect(vi.mocked(leaveAppForCheckout)).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1');
    expect(billingState.credits?.remaining).toBe(1800);
    expect(billingState.purchasing).toBeNull();
  });

  it("fails with 'Failed to purchase credits' when a retried attempt's checkout is closed", async () => {
    api.on('POST /billing/credits/purchase', () => ({
      status: 202,
      body: {
        success: true,
        checkout_url: null,
        checkout: {
          id: 'chk-9',
          status: 'expired',
          purpose: 'credits',
          credits: 1000,
          bonus: 0,
          plan_type: null,
          amount: 10,
          currency: 'USD',
          created_at: '2026-01-01T00:00:00.000Z',
          completed_at: null,
        },
        duplicate: true,
      },
    }));
    await expect(purchaseCredits(CREDIT_PACKAGES[0]!, 'purchase-old')).rejects.toMatchObject({
      message: 'Failed to purchase credits',
      reason: 'This payment is no longer open. Start a new one.',
    });
  });

  it('forgets everything when the session ends', async () => {
    await refreshBilling();
    await signOut();
    expect(billingState.plan).toBeNull();
    expect(billingState.credits).toBeNull();
  });
});
