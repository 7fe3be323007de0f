/**
 * The credits on screen (the sidebar's plan card reads the billing store) follow every charge
 * without a reload: a chat's accepted answer carries the balance and shows at once, a regeneration
 * too, an Agent Mode step charged while its run goes on, an image generated, a purchase; and a
 * refresh already on its way when a charge lands never leaves the older figures behind.
 * Through the real stores and request layer against the fake backend.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDIT_PACKAGES } from '../../../src/contract/billing-catalogue';
import { loadRuns, openRun } from '../../../src/features/agent-mode/agent-mode.store';
import { regenerateReply } from '../../../src/features/agents/versions/regenerate';
import { generateImage } from '../../../src/features/assets/assets.store';
import { formatCredits } from '../../../src/features/billing/billing.status';
import { billingState, creditsChanged, purchaseCredits, refreshBilling } from '../../../src/features/billing/billing.store';
import { installFakeAgentMode } from '../agent-mode/fake-agent-mode';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { asset } from '../assets/fake-assets';
import { controlledStream } from '../agents/controlled-stream';
import { message } from '../agents/fake-agents';
import { installFakeBilling, type FakeBilling } from './fake-billing';
import { setUpChatScreenTests } from '../agents/chat-support';

// Leaving for a payment page is a full-page navigation: never in these tests.
vi.mock('../../../src/features/billing/checkout-navigation', () => ({ leaveAppForCheckout: vi.fn() }));

const earlier = '2026-03-01T09:00:00.000Z';
const SESSION = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: earlier, updated_at: earlier };
const Q1 = message('q1', 'sess-1', 'user', 'Which keywords for bakeries?', earlier, null);
const R1 = message('r1', 'sess-1', 'assistant', 'Start with sourdough.', '2026-03-01T09:00:05.000Z', 'q1');

let api: FakeApi;
let billing: FakeBilling;

/** The server charges: its own figures change (the next GET /billing/credits says so). */
function serverCharges(credits: number): void {
  billing.credits = { ...billing.credits, used: billing.credits.used + credits, remaining: billing.credits.remaining - credits };
}

/** From now on the server's credit figures never arrive: only a charge's own answer can move the screen. */
function creditsNeverAnswer(): void {
  api.on('GET /billing/credits', () => new Promise(() => undefined));
}

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    billing = installFakeBilling(api);
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: [Q1, R1], run: null } }));
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: controlledStream().body }));
  },
});
beforeEach(async () => {
  await refreshBilling();
  expect(billingState.credits?.used).toBe(1200);
});

describe('the credits on screen follow every charge', () => {
  it('a chat: the sidebar shows the balance the accepted answer carries, at once', async () => {
    const { user } = renderApp('/agents/seo/chat/sess-1');
    const card = await screen.findByLabelText('Plan and credits');
    await waitFor(() => expect(within(card).getByText(`${formatCredits(1200)} / ${formatCredits(3000)}`)).toBeTruthy());
    creditsNeverAnswer();

    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'And for cafés?{Enter}');

    // The fake server accepts with credits_remaining 1780 (20 credits for a normal message).
    await waitFor(() => expect(within(card).getByText(`${formatCredits(1220)} / ${formatCredits(3000)}`)).toBeTruthy());
    expect(billingState.credits).toMatchObject({ used: 1220, remaining: 1780 });
  });

  it('a regeneration: the balance its accepted answer carries', async () => {
    creditsNeverAnswer();
    api.on('POST /agents/messages/r1/regenerate/async', () => ({
      status: 202,
      body: { session_id: 'sess-1', run_id: 'run-2', user_message_id: 'q1', replaces_message_id: 'r1', status: 'queued', created_at: new Date().toISOString(), mode: 'normal', credits_charged: 20, credits_remaining: 1760, transaction_id: 'tx-2' },
    }));
    await regenerateReply('sess-1', { id: 'r1', parentId: 'q1' }, 'seo');
    expect(billingState.credits).toMatchObject({ used: 1240, remaining: 1760 });
  });

  it('an Agent Mode step charged while the run goes on (its status unchanged)', async () => {
    const fake = installFakeAgentMode(api);
    fake.detail = fake.with({ status: 'running', current_step_id: 'step-1', started_at: earlier });
    await openRun('run-1');
    const stream = await fake.stream(0);

    serverCharges(5);
    act(() => stream.run(fake.with({ status: 'running', current_step_id: 'step-2', steps_done: 1, credits_charged: 5 }, [{ status: 'succeeded', charged: true }, { status: 'running', charged: true }])));
    await waitFor(() => expect(billingState.credits?.used).toBe(1205));

    serverCharges(10);
    act(() => stream.done(fake.with({ status: 'succeeded', steps_done: 5, credits_charged: 15 })));
    await waitFor(() => expect(billingState.credits?.used).toBe(1215));
  });

  it('an Agent Mode step whose charge the runs list brought first (the runs tab opened while the run went on)', async () => {
    const fake = installFakeAgentMode(api);
    fake.detail = fake.with({ status: 'running', current_step_id: 'step-1', started_at: earlier });
    await openRun('run-1');
    const stream = await fake.stream(0);

    serverCharges(5);
    const charged = fake.with({ status: 'running', current_step_id: 'step-2', steps_done: 1, credits_charged: 5 }, [{ status: 'succeeded', charged: true }, { status: 'running', charged: true }]);
    fake.listed = [charged.run];
    await loadRuns();
    await waitFor(() => expect(billingState.credits?.used).toBe(1205));
    // The run's own event with the same cost then asks for nothing more.
    const asked = api.callsTo('GET /billing/credits').length;
    act(() => stream.run(charged));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo('GET /billing/credits')).toHaveLength(asked);
  });

  it('an image generated (charged when made, refunded when not)', async () => {
    api.on('POST /assets/generate', () => {
      serverCharges(40);
      return { status: 201, body: asset({ source: 'generated', name: 'Spring hero.png' }) };
    });
    await generateImage('A spring bakery window', 'square');
    await waitFor(() => expect(billingState.credits?.used).toBe(1240));
  });

  it('a purchase: the balance its answer carries, at once', async () => {
    creditsNeverAnswer();
    const pack = CREDIT_PACKAGES[0]!;
    const purchase = purchaseCredits(pack, 'purchase-k1');
    await waitFor(() => expect(billingState.credits).toMatchObject({ used: 1200, total: 3000 + pack.credits + pack.bonus, remaining: 1800 + pack.credits + pack.bonus }));
    // Its own reload never answers here: the purchase stays pending until the test ends.
    void purchase.catch(() => undefined);
  });

  it('a refresh already on its way when a charge lands does not leave the older figures', async () => {
    let answerOld!: () => void;
    const old = { ...billing.credits };
    api.on('GET /billing/credits', () => new Promise((resolve) => (answerOld = () => resolve({ status: 200, body: old }))));
    const before = refreshBilling();
    await waitFor(() => expect(answerOld).toBeTypeOf('function'));
    // The charge happens on the server, and the app is told, while that refresh still waits.
    installFakeBilling(api, { credits: { used: 1260, remaining: 1740 } });
    creditsChanged();
    answerOld();
    await before;
    await waitFor(() => expect(billingState.credits?.used).toBe(1260));
  });
});
