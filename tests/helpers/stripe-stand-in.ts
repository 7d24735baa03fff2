/**
 * A local stand-in for Stripe's API (no network in tests): the official SDK is pointed at it
 * with `host`, `port` and `protocol` (the app: STRIPE_API_BASE). It records every request,
 * answers with Stripe-shaped objects (prices, customers, Checkout and portal sessions,
 * subscriptions), serves a tiny "hosted Checkout" page that completes the session and sends
 * the signed webhooks, and signs events with the SDK's own test-header helper.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Form fields (POST) or query parameters (GET), keys as Stripe writes them: `a[0][b]`. */
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

type Obj = Record<string, unknown> & { id: string };

export interface StandInOptions {
  webhookSecret?: string;
  prices?: { id: string; amount: number; currency: string; interval: 'month' | 'year' }[];
}

export interface StripeStandIn {
  url: string;
  /** STRIPE_API_BASE for the app. */
  apiBase: string;
  requests: RecordedRequest[];
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  webhookSecret: string;
  /** Where the hosted Checkout page sends its webhooks (the app's /api/stripe/webhook). */
  webhookUrl: string | null;
  /** The next N API requests answer 500 (a Stripe outage). */
  failNext(n?: number): void;
  /** An SDK client that talks to the stand-in. */
  client(): Stripe;
  /** Completes a Checkout Session: a subscription is made (active unless told otherwise). */
  completeCheckout(sessionId: string, status?: string): Obj;
  /** Changes a subscription as Stripe would (status, cancel_at_period_end, period end...). */
  updateSubscription(id: string, patch: Record<string, unknown>, periodEnd?: number): Obj;
  /** A signed event: the raw body and its Stripe-Signature header. */
  signedEvent(
    type: string,
    object: Obj,
    options?: { id?: string; created?: number; secret?: string },
  ): { id: string; payload: string; header: string };
  /** Posts a signed event to `webhookUrl`. */
  sendEvent(
    type: string,
    object: Obj,
    options?: { id?: string; created?: number },
  ): Promise<Response>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
let counter = 0;
const newId = (prefix: string) => `${prefix}_test${Date.now().toString(36)}${(counter += 1)}`;

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const prices = new Map<string, Obj>();
  for (const p of options.prices ?? [
    { id: 'price_monthly_test', amount: 500, currency: 'usd', interval: 'month' as const },
    { id: 'price_yearly_test', amount: 5000, currency: 'usd', interval: 'year' as const },
  ]) {
    prices.set(p.id, {
      id: p.id,
      object: 'price',
      active: true,
      currency: p.currency,
      unit_amount: p.amount,
      type: 'recurring',
      product: 'prod_camino_premium',
      recurring: { interval: p.interval, interval_count: 1 },
      livemode: false,
    });
  }
  const customers = new Map<string, Obj>();
  const customersByKey = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const portalSessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  let failures = 0;
  const webhookSecret = options.webhookSecret ?? 'whsec_stand_in_secret';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });

  function subscriptionFor(session: Obj, status: string): Obj {
    const price = prices.get(String(session.price))!;
    const interval = (price.recurring as { interval: string }).interval;
    const start = now();
    const end = start + (interval === 'year' ? 365 : 30) * 86_400;
    return {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      livemode: false,
      metadata: (session.subscription_metadata as Record<string, string>) ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    };
  }

  const standIn: StripeStandIn = {
    url: '',
    apiBase: '',
    requests,
    customers,
    sessions,
    subscriptions,
    webhookSecret,
    webhookUrl: null,
    failNext(n = 1) {
      failures = n;
    },
    client() {
      const base = new URL(standIn.url);
      return new Stripe('sk_test_stand_in', {
        host: base.hostname,
        port: Number(base.port),
        protocol: 'http',
        maxNetworkRetries: 0,
      });
    },
    completeCheckout(sessionId, status = 'active') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const sub = subscriptionFor(session, status);
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return sub;
    },
    updateSubscription(id, patch, periodEnd) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      Object.assign(sub, patch);
      if (periodEnd !== undefined) {
        const items = sub.items as { data: Record<string, unknown>[] };
        items.data[0]!.current_period_end = periodEnd;
      }
      return structuredClone(sub);
    },
    signedEvent(type, object, opts = {}) {
      const id = opts.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: opts.created ?? now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      });
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
      });
      return { id, payload, header };
    },
    async sendEvent(type, object, opts = {}) {
      if (!standIn.webhookUrl) throw new Error('no webhookUrl');
      const { payload, header } = standIn.signedEvent(type, object, opts);
      return fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', standIn.url);
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const params = Object.fromEntries(
      new URLSearchParams(req.method === 'POST' ? raw : url.search.slice(1)),
    );
    const path = url.pathname;

    // The "hosted pages" a browser visits.
    const checkoutPage = path.match(/^\/checkout\/(cs_\w+)$/);
    if (checkoutPage && req.method === 'GET') {
      const session = sessions.get(checkoutPage[1]!);
      if (!session) return missing(res, 'checkout session');
      const sub = standIn.completeCheckout(session.id);
      if (standIn.webhookUrl) {
        await standIn.sendEvent('checkout.session.completed', structuredClone(session));
        await standIn.sendEvent('customer.subscription.created', structuredClone(sub));
      }
      const to = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
      res.writeHead(303, { location: to });
      return res.end();
    }
    const portalPage = path.match(/^\/portal\/(bps_\w+)$/);
    if (portalPage && req.method === 'GET') {
      const portal = portalSessions.get(portalPage[1]!);
      if (!portal) return missing(res, 'portal session');
      res.writeHead(303, { location: String(portal.return_url) });
      return res.end();
    }

    requests.push({ method: req.method ?? 'GET', path, params, headers: req.headers });
    if (failures > 0) {
      failures -= 1;
      return send(res, 500, { error: { type: 'api_error', message: 'stand-in outage' } });
    }

    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && (m = path.match(/^\/v1\/prices\/([\w-]+)$/))) {
      const price = prices.get(m[1]!);
      return price ? send(res, 200, price) : missing(res, 'price');
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const key = req.headers['idempotency-key'];
      const again = typeof key === 'string' ? customersByKey.get(key) : undefined;
      if (again) return send(res, 200, again);
      const customer: Obj = {
        id: newId('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: { userId: params['metadata[userId]'] },
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      if (typeof key === 'string') customersByKey.set(key, customer);
      return send(res, 200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs');
      const session: Obj = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        locale: params.locale ?? null,
        metadata: { userId: params['metadata[userId]'], plan: params['metadata[plan]'] },
        subscription: null,
        price: params['line_items[0][price]'],
        subscription_metadata: { userId: params['subscription_data[metadata][userId]'] },
        url: `${standIn.url}/checkout/${id}`,
        livemode: false,
      };
      if (!prices.has(String(session.price))) return missing(res, 'price');
      sessions.set(id, session);
      return send(res, 200, session);
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/(cs_\w+)$/))) {
      const session = sessions.get(m[1]!);
      if (!session) return missing(res, 'checkout session');
      const expand = Object.values(params).includes('subscription');
      const sub = session.subscription ? subscriptions.get(String(session.subscription)) : null;
      return send(res, 200, {
        ...session,
        subscription: expand && sub ? sub : session.subscription,
      });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer ?? '')) return missing(res, 'customer');
      const id = newId('bps');
      const portal: Obj = {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        locale: params.locale ?? null,
        url: `${standIn.url}/portal/${id}`,
        livemode: false,
      };
      portalSessions.set(id, portal);
      return send(res, 200, portal);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/(sub_\w+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing(res, 'subscription');
      if (req.method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      }
      return send(res, 200, sub);
    }
    return missing(res, `route ${req.method} ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.apiBase = standIn.url;
  return standIn;
}
