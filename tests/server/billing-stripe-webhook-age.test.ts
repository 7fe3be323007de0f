import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API, authHeaders, registerOwner, testEngine, type RegisteredOwner } from '../helpers/server';
import { FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../helpers/fake-stripe';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

/**
 * How old a Stripe-Signature timestamp may be. server/src/payments/stripe-provider.ts passes no
 * tolerance to `stripe.webhooks.constructEvent`, so Stripe's default applies: 300 seconds.
 */
const TOLERANCE_SECONDS = 300;

/**
 * The header Stripe sends, signed at `secondsAgo` before now: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>` (Stripe's documented scheme). The HMAC
 * is right in every case; only the timestamp differs.
 */
function signedAt(payload: string, secondsAgo: number): string {
  const timestamp = Math.floor(Date.now() / 1000) - secondsAgo;
  const v1 = createHmac('sha256', FAKE_STRIPE_WEBHOOK_SECRET).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

describe(`Stripe webhook signature age (${testEngine})`, () => {
  const stripe = startedForSuite(() => startFakeStripe());
  const t = appForSuite(() => ({ env: { ...stripe.env, PUBLIC_URL: 'https://mosaic.example' } }));

  const deliver = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/billing/webhooks/stripe`,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
  const get = (owner: RegisteredOwner, url: string) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(owner.access_token, owner.defaultSpace.id) });

  /** A purchase waiting for Stripe, and the body of the webhook saying it was paid. */
  async function paidPurchase(owner: RegisteredOwner) {
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/billing/credits/purchase`,
      headers: authHeaders(owner.access_token, owner.defaultSpace.id),
      payload: { credits: 5000, bonus: 500, price: 50 },
    });
    expect(started.statusCode).toBe(202);
    const { checkout_url: checkoutUrl, checkout } = started.json<{ checkout_url: string; checkout: { id: string } }>();
    const session = stripe.sessions.get(checkoutUrl.split('/').pop()!)!;
    return { checkoutId: checkout.id, payload: stripe.event('checkout.session.completed', session, { status: 'complete', payment_status: 'paid', url: null }) };
  }

  it('refuses a correctly signed event whose timestamp is older than the tolerance, and nothing moves', async () => {
    const owner = await registerOwner(t.app);
    const { checkoutId, payload } = await paidPurchase(owner);

    // A second past the tolerance (timestamps are whole seconds: the boundary itself is still accepted).
    const stale = await deliver(payload, signedAt(payload, TOLERANCE_SECONDS + 1));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    // A captured delivery replayed an hour later is refused the same way.
    expect((await deliver(payload, signedAt(payload, 3600))).statusCode).toBe(400);

    expect((await get(owner, '/billing/credits')).json()).toMatchObject({ total: 3000 });
    expect((await get(owner, `/billing/checkouts/${checkoutId}`)).json()).toMatchObject({ status: 'open', completed_at: null });
    // Nor was the event recorded as seen: signed afresh, it is applied, not answered as a duplicate.
    expect((await deliver(payload, signedAt(payload, 0))).json()).toEqual({ received: true, outcome: 'completed' });
  });

  it('accepts the same event signed within the tolerance', async () => {
    const owner = await registerOwner(t.app);
    const { checkoutId, payload } = await paidPurchase(owner);

    // A second inside the tolerance: a delivery held up on its way, or signed by a clock running behind.
    const delivered = await deliver(payload, signedAt(payload, TOLERANCE_SECONDS - 1));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true, outcome: 'completed' });
    expect((await get(owner, '/billing/credits')).json()).toMatchObject({ total: 8500 });
    expect((await get(owner, `/billing/checkouts/${checkoutId}`)).json()).toMatchObject({ status: 'completed' });
  });
});
