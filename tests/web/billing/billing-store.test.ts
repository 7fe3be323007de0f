import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BillingError } from '../../../src/features/billing/billing.messages';
import {
  CREDITS_CHANGED_EVENT,
  addCredits,
  billingState,
  deductCredits,
  refreshBilling,
} from '../../../src/features/billing/billing.store';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeBilling, type FakeBilling } from './fake-billing';

let api: FakeApi;
let billing: FakeBilling;

beforeEach(async () => {
  installDomShims();
  api = installFakeApi();
  billing = installFakeBilling(api);
  await signInAs(api, 'org_owner');
});
afterEach(signOut);

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
    api.on('POST /billing/credits/deduct', () => ({ status: 200, body: { success: true, credits_remaining: 1780, transaction_id: 't1' } }));
    await deductCredits({ amount: 20, feature_type: 'chat' }, 'chat_message:m-1');
    expect(api.callsTo('POST /billing/credits/deduct')[0]!.headers.get('Idempotency-Key')).toBe('chat_message:m-1');
  });

  it("reports 'Failed to add credits' with the field problem as the reason", async () => {
    api.on('POST /billing/credits/add', () => ({
      status: 422,
      body: { detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'amount', message: 'Amount must be greater than 0' }] },
    }));
    await expect(addCredits(-5)).rejects.toMatchObject({ message: 'Failed to add credits', reason: 'Amount must be greater than 0' });
  });

  it('forgets everything when the session ends', async () => {
    await refreshBilling();
    await signOut();
    expect(billingState.plan).toBeNull();
    expect(billingState.credits).toBeNull();
  });
});
