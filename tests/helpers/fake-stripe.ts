/**
 * A local stand-in for Stripe's API at the network edge: Checkout Session creation and retrieval,
 * speaking Stripe's wire format (form-encoded bodies with bracketed keys, Bearer secret key,
 * Idempotency-Key replays, `{error: {type, message}}` errors). It records what Mosaic sends, so
 * tests can check the amount, currency, return URLs and ids. Webhook deliveries are built here and
 * signed with the `stripe` package's own test-header helper, exactly as Stripe signs them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { closeHttpServer } from './close-http-server';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_mosaic_fake_key';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_mosaic_fake_signing_secret';

export interface SessionRequest {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** Form fields as sent, e.g. `line_items[0][price_data][unit_amount]`. */
  params: Record<string, string>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  livemode: false;
}

export interface FakeStripe {
  baseUrl: string;
  /** Environment pointing Mosaic at this stand-in with Stripe configured. */
  env: Record<string, string>;
  sessionRequests: SessionRequest[];
  sessions: Map<string, FakeSession>;
  /** Session creation answers 500 (every retry too) while true. */
  failing: boolean;
  /** A webhook body for `type` about `session` (its fields overridden by `changes`). */
  event(type: string, session: FakeSession, changes?: Partial<FakeSession>, id?: string): string;
  /** The Stripe-Signature header Stripe would send with `payload` (`secret` defaults to the configured one). */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const sessionRequests: SessionRequest[] = [];
  let sequence = 0;
  let eventSequence = 0;

  const fake: Omit<FakeStripe, 'baseUrl' | 'env' | 'close'> = {
    sessionRequests,
    sessions,
    failing: false,
    event(type, session, changes = {}, id) {
      eventSequence += 1;
      return JSON.stringify({
        id: id ?? `evt_test_${eventSequence}_${Date.now()}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: { ...session, ...changes } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
    },
    sign: (payload, secret = FAKE_STRIPE_WEBHOOK_SECRET) => signer.webhooks.generateTestHeaderString({ payload, secret }),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const authorization = request.headers.authorization;
      if (authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
        const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
        sessionRequests.push({ authorization, idempotencyKey, params });
        if (fake.failing) return send(response, 500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (replay) return send(response, 200, replay);
        sequence += 1;
        const id = `cs_test_${sequence}_${Math.random().toString(36).slice(2, 10)}`;
        const metadata = Object.fromEntries(
          Object.entries(params)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        );
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(params['line_items[0][price_data][unit_amount]']) * Number(params['line_items[0][quantity]'] ?? 1),
          currency: params['line_items[0][price_data][currency]'] ?? 'usd',
          client_reference_id: params['client_reference_id'] ?? null,
          metadata,
          mode: 'payment',
          livemode: false,
        };
        sessions.set(id, session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
        return send(response, 200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        return session ? send(response, 200, session) : send(response, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      return send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    baseUrl,
    env: { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE_URL: baseUrl },
    close: () => closeHttpServer(server),
  });
}
