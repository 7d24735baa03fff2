import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutInputSchema,
  checkoutResultSchema,
  checkoutSessionIdSchema,
  redirectSchema,
  subscriptionOverviewSchema,
} from '#shared/schemas/subscription.ts';
import { HttpError } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import type { BillingService } from './service.ts';

export function registerSubscriptionRoutes(
  appBase: FastifyInstance,
  deps: { billing: BillingService },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { billing } = deps;

  app.get(
    '/api/subscription',
    {
      schema: {
        tags: ['subscription'],
        summary: 'My premium state, the plans and whether payments are configured',
        response: { 200: subscriptionOverviewSchema },
      },
    },
    async (request) => billing.overview(currentUser(request).id),
  );

  app.post(
    '/api/subscription/checkout',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Starts Stripe Checkout for a plan; answers the hosted page to go to',
        body: checkoutInputSchema,
        response: { 200: redirectSchema },
      },
    },
    async (request) => ({
      url: await billing.startCheckout(currentUser(request), request.body.plan, request.lang),
    }),
  );

  app.get(
    '/api/subscription/checkout/:sessionId',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Where Checkout returns: Stripe is asked about the session (mine only)',
        params: z.object({ sessionId: checkoutSessionIdSchema }),
        response: { 200: checkoutResultSchema },
      },
    },
    async (request) => billing.confirmCheckout(currentUser(request).id, request.params.sessionId),
  );

  app.post(
    '/api/subscription/portal',
    {
      schema: {
        tags: ['subscription'],
        summary: "Opens Stripe's Customer Portal (change card, switch plan, cancel)",
        response: { 200: redirectSchema },
      },
    },
    async (request) => ({
      url: await billing.openPortal(currentUser(request).id, request.lang),
    }),
  );

  // Stripe's webhook needs the body exactly as sent to check its signature: in this plugin
  // (and only here) JSON arrives as raw bytes.
  appBase.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/stripe/webhook',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['subscription'],
          summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET); each event applied once',
          hide: true,
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) {
          throw new HttpError(400, 'subscription.errors.badSignature', {}, 'BAD_SIGNATURE');
        }
        const header = request.headers['stripe-signature'];
        const event = billing.verifyEvent(body, typeof header === 'string' ? header : undefined);
        if (!event) {
          request.log.warn({ event: 'stripe.bad-signature' }, 'webhook signature refused');
          throw new HttpError(400, 'subscription.errors.badSignature', {}, 'BAD_SIGNATURE');
        }
        const outcome = await billing.handleEvent(event);
        request.log.info(
          { event: 'stripe.webhook', type: event.type, id: event.id, outcome },
          'stripe event',
        );
        return reply.send({ received: true, duplicate: outcome === 'duplicate' });
      },
    );
  });
}
