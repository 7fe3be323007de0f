import type { FastifyPluginAsync } from 'fastify';
import { AppError, PAYMENT_MESSAGES } from '../../errors';
import { WebhookSignatureError, type HostedPaymentProvider } from '../../payments/index';
import { handlePaymentEvent } from '../../services/billing/payment-events.service';
import type { BillingDeps } from './payment-context';

type WebhookDeps = BillingDeps & { provider: HostedPaymentProvider };

/**
 * POST /billing/webhooks/stripe: Stripe's signed events (docs/billing.md "Stripe"). The signature
 * covers the exact bytes sent, so this route — and only this one, the parser is encapsulated in
 * this plugin — keeps the raw body instead of parsing JSON. No sign-in: the signature is the proof.
 * 400 for a bad signature (nothing moves); 200 for every genuine event, also the ones ignored, so
 * Stripe stops retrying; 5xx (a database failure) makes Stripe deliver again later.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<WebhookDeps> = async (app, { db, provider }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(`/billing/webhooks/${provider.name}`, { schema: { tags: ['billing'], summary: `${provider.name} webhook events (signed)`, hide: true } }, async (request) => {
    const header = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.body)) throw new AppError(400, PAYMENT_MESSAGES.webhookBodyRequired, 'INVALID_WEBHOOK');
    let event;
    try {
      event = provider.parseWebhook(request.body, Array.isArray(header) ? header[0] : header);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn({ reason: error.message }, 'Webhook with a bad signature refused');
      throw new AppError(400, PAYMENT_MESSAGES.invalidSignature, 'INVALID_SIGNATURE');
    }
    const outcome = await handlePaymentEvent(db, provider, event, request.log);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'Payment event handled');
    return { received: true, outcome };
  });
};
