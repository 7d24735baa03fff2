import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingCustomer,
  billingSubscription,
  stripeEvent,
  user as userTable,
} from '#server/db/schema.ts';
import { subscriptionStatesFor } from '#server/subscription/service.ts';
import { premiumEntitlement } from '#server/subscription/entitlement.ts';
import {
  createTestApp,
  createUser,
  injectWithLogin,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

let stripe: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    bibles: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PRICE_MONTHLY: 'price_monthly_test',
      STRIPE_PRICE_YEARLY: 'price_yearly_test',
      STRIPE_API_BASE: stripe.apiBase,
      PREMIUM_GRACE_DAYS: '7',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') =>
  injectWithLogin(t.app, who, {
    method,
    url,
    headers: { 'accept-language': lang, origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });

/** Posts a signed event to the app's webhook, as Stripe would. */
async function deliver(
  type: string,
  object: { id: string } & Record<string, unknown>,
  options: { id?: string; created?: number; secret?: string } = {},
) {
  const { payload, header, id } = stripe.signedEvent(type, object, options);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
  return Object.assign(res, { eventId: id });
}

/** Premium checked on real premium routes: the registry's premium class and the 303 lessons. */
async function hasPremium(who: TestUser): Promise<boolean> {
  const compare = await call(who, 'GET', '/api/bible/compare?ref=John%203:16&translations=KJV,WEB');
  const lesson = await call(who, 'GET', '/api/lessons/303-1');
  expect([200, 403]).toContain(compare.statusCode);
  expect(lesson.statusCode === 200).toBe(compare.statusCode === 200);
  return compare.statusCode === 200;
}

async function stateOf(who: TestUser) {
  const res = await call(who, 'GET', '/api/subscription');
  expect(res.statusCode).toBe(200);
  return res.json() as {
    configured: boolean;
    canManage: boolean;
    plans: { id: string; amount: number | null; currency: string | null; available: boolean }[];
    state: {
      premium: boolean;
      source: string;
      kind: string;
      periodEnd: string | null;
      graceEndsAt: string | null;
    };
  };
}

/** A member who went through Checkout (the session completed at the stand-in). */
async function subscribe(lang = 'en') {
  const member = await createUser(t);
  const res = await call(member, 'POST', '/api/subscription/checkout', { plan: 'monthly' }, lang);
  expect(res.statusCode).toBe(200);
  const sessionId = new URL(res.json<{ url: string }>().url).pathname.split('/').pop()!;
  const sub = stripe.completeCheckout(sessionId);
  return { member, sessionId, sub };
}

describe('plans and Checkout', () => {
  it('shows the plans from the Price objects, in minor units with their currency', async () => {
    const member = await createUser(t);
    const overview = await stateOf(member);
    expect(overview.configured).toBe(true);
    expect(overview.canManage).toBe(false);
    expect(overview.plans).toEqual([
      { id: 'monthly', interval: 'month', amount: 500, currency: 'usd', available: true },
      { id: 'yearly', interval: 'year', amount: 5000, currency: 'usd', available: true },
    ]);
    expect(overview.state).toMatchObject({ premium: false, source: 'none', kind: 'free' });
    expect(stripe.requests.some((r) => r.path === '/v1/prices/price_monthly_test')).toBe(true);
  });

  it('opens Checkout with the subscription parameters, one customer per member, locale es', async () => {
    const member = await createUser(t);
    const first = await call(
      member,
      'POST',
      '/api/subscription/checkout',
      { plan: 'yearly' },
      'es',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json<{ url: string }>().url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`));
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.method).toBe('POST');
    const customerId = created.params.customer!;
    expect(customerId).toMatch(/^cus_/);
    expect(created.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_yearly_test',
      'line_items[0][quantity]': '1',
      client_reference_id: member.id,
      success_url: `${TEST_ORIGIN}/welcome-premium?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/subscription?checkout=cancelled`,
      locale: 'es',
      'subscription_data[metadata][userId]': member.id,
    });
    const customerCalls = () =>
      stripe.requests.filter(
        (r) => r.path === '/v1/customers' && r.params['metadata[userId]'] === member.id,
      );
    expect(customerCalls()).toHaveLength(1);
    expect(customerCalls()[0]!.params.email).toBe(member.email);

    // A second Checkout (the first was abandoned) reuses the customer; English this time.
    const second = await call(member, 'POST', '/api/subscription/checkout', { plan: 'monthly' });
    expect(second.statusCode).toBe(200);
    const again = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(again.params).toMatchObject({ customer: customerId, locale: 'en' });
    expect(again.params['line_items[0][price]']).toBe('price_monthly_test');
    expect(customerCalls()).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(billingCustomer)
      .where(eq(billingCustomer.userId, member.id));
    expect(row?.customerId).toBe(customerId);
    expect((await stateOf(member)).canManage).toBe(true);
  });

  it('refuses a plan that does not exist, with a translated message', async () => {
    const member = await createUser(t);
    const res = await call(member, 'POST', '/api/subscription/checkout', { plan: 'weekly' }, 'es');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('answers 502 with a translated message when Stripe fails, and loses nothing', async () => {
    const member = await createUser(t);
    stripe.failNext(2); // the SDK is allowed one retry
    const res = await call(member, 'POST', '/api/subscription/checkout', { plan: 'monthly' }, 'es');
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toBe(
      'El servicio de pagos no respondió. Por favor intenta de nuevo en un momento.',
    );
    const ok = await call(member, 'POST', '/api/subscription/checkout', { plan: 'monthly' });
    expect(ok.statusCode).toBe(200);
  });

  it('opens the Customer Portal for a member with a customer, in their language', async () => {
    const fresh = await createUser(t);
    expect((await call(fresh, 'POST', '/api/subscription/portal')).statusCode).toBe(409);
    const { member } = await subscribe();
    const res = await call(member, 'POST', '/api/subscription/portal', undefined, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const portal = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.params).toMatchObject({
      return_url: `${TEST_ORIGIN}/subscription`,
      locale: 'es',
    });
  });
});

describe('the welcome page check', () => {
  it('records the subscription from Stripe before the webhook arrives, for its member only', async () => {
    const { member, sessionId, sub } = await subscribe();
    expect(await hasPremium(member)).toBe(false);
    const other = await createUser(t);
    expect((await call(other, 'GET', `/api/subscription/checkout/${sessionId}`)).statusCode).toBe(
      404,
    );
    const res = await call(member, 'GET', `/api/subscription/checkout/${sessionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      complete: true,
      state: { premium: true, source: 'stripe', kind: 'renews' },
    });
    expect(await hasPremium(member)).toBe(true);
    // The webhooks that follow, older than the check, change nothing.
    const created = sub.created as number;
    expect(
      (
        await deliver(
          'customer.subscription.created',
          { ...sub, status: 'incomplete' },
          { created: created - 5 },
        )
      ).statusCode,
    ).toBe(200);
    expect(await hasPremium(member)).toBe(true);
    // An open session: not complete yet, no premium.
    const pending = await createUser(t);
    const open = await call(pending, 'POST', '/api/subscription/checkout', { plan: 'monthly' });
    const openId = new URL(open.json<{ url: string }>().url).pathname.split('/').pop()!;
    const check = await call(pending, 'GET', `/api/subscription/checkout/${openId}`);
    expect(check.json()).toMatchObject({ complete: false, state: { premium: false } });
    expect(
      (await call(pending, 'GET', '/api/subscription/checkout/not-a-session')).statusCode,
    ).toBe(400);
  });
});

describe('webhooks', () => {
  it('refuses a bad signature with 400 and applies nothing', async () => {
    const { member, sub } = await subscribe();
    const bad = await deliver('customer.subscription.created', sub, { secret: 'whsec_wrong' });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'customer.subscription.created' }),
    });
    expect(missing.statusCode).toBe(400);
    // A body changed after signing fails too.
    const { payload, header } = stripe.signedEvent('customer.subscription.created', sub);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('"active"', '"trialing"'),
    });
    expect(tampered.statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.objectId, sub.id));
    expect(stored).toEqual([]);
    expect(await hasPremium(member)).toBe(false);
  });

  it('walks through every state, premium checked on real routes after each event', async () => {
    const { member, sessionId, sub } = await subscribe();
    const session = stripe.sessions.get(sessionId)!;
    const t0 = now();

    // checkout.session.completed: the subscription is fetched from Stripe and recorded.
    const completed = await deliver('checkout.session.completed', session, { created: t0 });
    expect(completed.statusCode).toBe(200);
    expect(await hasPremium(member)).toBe(true);
    expect((await stateOf(member)).state).toMatchObject({ kind: 'renews', source: 'stripe' });
    expect(
      stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${sub.id}`),
    ).toBe(true);

    // Renewal fails: past_due keeps premium during the grace period.
    const pastDue = stripe.updateSubscription(sub.id, { status: 'past_due' });
    await deliver('invoice.payment_failed', invoiceFor(sub.id), { created: t0 + 10 });
    expect(
      (await deliver('customer.subscription.updated', pastDue, { created: t0 + 11 })).statusCode,
    ).toBe(200);
    expect(await hasPremium(member)).toBe(true);
    const overdue = (await stateOf(member)).state;
    expect(overdue.kind).toBe('pastDue');
    expect(new Date(overdue.graceEndsAt!).getTime()).toBe((t0 + 10 + 7 * DAY) * 1000);

    // Paid after all: active again.
    const active = stripe.updateSubscription(sub.id, { status: 'active' });
    await deliver('invoice.paid', invoiceFor(sub.id), { created: t0 + 20 });
    await deliver('customer.subscription.updated', active, { created: t0 + 21 });
    expect(await hasPremium(member)).toBe(true);
    expect((await stateOf(member)).state.kind).toBe('renews');

    // Cancelled in the portal: premium until the end of the period.
    const ending = stripe.updateSubscription(sub.id, { cancel_at_period_end: true });
    await deliver('customer.subscription.updated', ending, { created: t0 + 30 });
    expect(await hasPremium(member)).toBe(true);
    const cancelled = (await stateOf(member)).state;
    expect(cancelled.kind).toBe('ending');
    expect(cancelled.periodEnd).not.toBeNull();

    // The period ends: deleted, no premium.
    const ended = stripe.updateSubscription(
      sub.id,
      { status: 'canceled', ended_at: now() - 1, canceled_at: now() - 1 },
      now() - 1,
    );
    await deliver('customer.subscription.deleted', ended, { created: t0 + 40 });
    expect(await hasPremium(member)).toBe(false);
    expect((await stateOf(member)).state).toMatchObject({ kind: 'free', source: 'none' });
  });

  it('incomplete, trialing and unpaid subscriptions: premium only while it is earned', async () => {
    const { member, sub } = await subscribe();
    const t0 = now();
    await deliver(
      'customer.subscription.created',
      { ...sub, status: 'incomplete' },
      { created: t0 },
    );
    expect(await hasPremium(member)).toBe(false);
    await deliver(
      'customer.subscription.updated',
      { ...sub, status: 'trialing' },
      { created: t0 + 1 },
    );
    expect(await hasPremium(member)).toBe(true);
    expect((await stateOf(member)).state.kind).toBe('trialing');
    await deliver(
      'customer.subscription.updated',
      { ...sub, status: 'unpaid' },
      { created: t0 + 2 },
    );
    expect(await hasPremium(member)).toBe(false);
    expect((await stateOf(member)).state.kind).toBe('free');
    await deliver(
      'customer.subscription.updated',
      { ...sub, status: 'active' },
      { created: t0 + 3 },
    );
    expect(await hasPremium(member)).toBe(true);
  });

  it('a replayed event is applied once', async () => {
    const { member, sub } = await subscribe();
    const t0 = now();
    const first = await deliver('customer.subscription.created', sub, {
      id: 'evt_replay_1',
      created: t0,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const ended = stripe.updateSubscription(
      sub.id,
      { status: 'canceled', ended_at: now() - 1 },
      now() - 1,
    );
    await deliver('customer.subscription.deleted', ended, { created: t0 + 5 });
    expect(await hasPremium(member)).toBe(false);
    // The same event again (Stripe retries): nothing changes, and it is stored once.
    const replay = await deliver('customer.subscription.created', sub, {
      id: 'evt_replay_1',
      created: t0 + 60,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await hasPremium(member)).toBe(false);
    const rows = await t.database.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.id, 'evt_replay_1'));
    expect(rows).toHaveLength(1);
  });

  it('an out-of-order event does not roll the state back', async () => {
    const { member, sub } = await subscribe();
    const t0 = now();
    const ending = stripe.updateSubscription(sub.id, { cancel_at_period_end: true });
    await deliver('customer.subscription.updated', ending, { created: t0 + 20 });
    const ended = stripe.updateSubscription(
      sub.id,
      { status: 'canceled', ended_at: now() - 1 },
      now() - 1,
    );
    await deliver('customer.subscription.deleted', ended, { created: t0 + 30 });
    expect(await hasPremium(member)).toBe(false);
    // The "created" event (active) arrives last: older, ignored.
    const late = await deliver(
      'customer.subscription.created',
      { ...sub, status: 'active' },
      { created: t0 },
    );
    expect(late.statusCode).toBe(200);
    expect(await hasPremium(member)).toBe(false);
    // Even a newer-looking event cannot bring a cancelled subscription back.
    await deliver(
      'customer.subscription.updated',
      { ...sub, status: 'active' },
      { created: t0 + 99 },
    );
    expect(await hasPremium(member)).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, sub.id));
    expect(row?.status).toBe('canceled');
  });

  it('a subscription seen before its member is known is attached when Checkout completes', async () => {
    const { member, sessionId, sub } = await subscribe();
    await t.database.db.delete(billingCustomer).where(eq(billingCustomer.userId, member.id));
    const t0 = now();
    const anonymous = { ...sub, metadata: {} };
    await deliver('customer.subscription.created', anonymous, { created: t0 + 10 });
    const [orphan] = await t.database.db
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, sub.id));
    expect(orphan?.userId).toBeNull();
    expect(await hasPremium(member)).toBe(false);
    // checkout.session.completed is older than the stored state: the state stays, the owner is set.
    await deliver('checkout.session.completed', stripe.sessions.get(sessionId)!, { created: t0 });
    expect(await hasPremium(member)).toBe(true);
  });

  it('answers 500 when applying fails, so Stripe retries; the retry then applies', async () => {
    const { member, sessionId } = await subscribe();
    const session = stripe.sessions.get(sessionId)!;
    stripe.failNext(2);
    const failed = await deliver('checkout.session.completed', session, { id: 'evt_retry_1' });
    expect(failed.statusCode).toBe(500);
    expect(
      await t.database.db.select().from(stripeEvent).where(eq(stripeEvent.id, 'evt_retry_1')),
    ).toEqual([]);
    expect(await hasPremium(member)).toBe(false);
    const retried = await deliver('checkout.session.completed', session, { id: 'evt_retry_1' });
    expect(retried.statusCode).toBe(200);
    expect(await hasPremium(member)).toBe(true);
  });

  it('stores events it does not act on, once', async () => {
    const res = await deliver('customer.created', { id: 'cus_unrelated', object: 'customer' });
    expect(res.statusCode).toBe(200);
  });
});

describe('premium sources', () => {
  it('an admin grant still opens premium, and both sources are reported for the admin panel', async () => {
    const granted = await createUser(t, { isPremium: true });
    expect(await hasPremium(granted)).toBe(true);
    expect((await stateOf(granted)).state).toMatchObject({ kind: 'granted', source: 'granted' });
    const { member, sessionId } = await subscribe();
    await call(member, 'GET', `/api/subscription/checkout/${sessionId}`);
    const free = await createUser(t);
    const states = await subscriptionStatesFor(
      t.database.db,
      [granted.id, member.id, free.id, 'nobody'],
      7,
    );
    expect(states.get(granted.id)).toMatchObject({
      source: 'granted',
      premium: true,
      subscriptionId: null,
    });
    expect(states.get(member.id)).toMatchObject({
      source: 'stripe',
      premium: true,
      kind: 'renews',
      stripeStatus: 'active',
    });
    expect(states.get(member.id)?.customerId).toMatch(/^cus_/);
    expect(states.get(free.id)).toMatchObject({ source: 'none', premium: false, kind: 'free' });
    expect(states.has('nobody')).toBe(false);
    expect((await t.app.billing.statesFor([member.id])).get(member.id)?.source).toBe('stripe');
    // The session payload carries the same derived entitlement.
    const me = await call(member, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ isPremium: true });
  });

  it('a member with a live subscription cannot open a second Checkout', async () => {
    const { member, sessionId } = await subscribe();
    await call(member, 'GET', `/api/subscription/checkout/${sessionId}`);
    const res = await call(member, 'POST', '/api/subscription/checkout', { plan: 'yearly' });
    expect(res.statusCode).toBe(409);
  });

  it('the entitlement rules: past_due grace, cancelled until period end', () => {
    const at = new Date('2026-11-23T12:00:00Z');
    const day = 86_400_000;
    const sub = (
      status: string,
      extra: Partial<Parameters<typeof premiumEntitlement>[0]['subscriptions'][number]> = {},
    ) => ({
      status,
      currentPeriodEnd: new Date(at.getTime() + 10 * day),
      cancelAtPeriodEnd: false,
      endedAt: null,
      pastDueSince: null,
      ...extra,
    });
    const of = (s: ReturnType<typeof sub>[], granted = false) =>
      premiumEntitlement({ granted, subscriptions: s }, at, 7);
    expect(of([sub('trialing')])).toMatchObject({ premium: true, kind: 'trialing' });
    expect(of([sub('past_due', { pastDueSince: new Date(at.getTime() - 6 * day) })]).premium).toBe(
      true,
    );
    expect(of([sub('past_due', { pastDueSince: new Date(at.getTime() - 8 * day) })])).toMatchObject(
      {
        premium: false,
        kind: 'pastDue',
      },
    );
    expect(
      of([sub('past_due', { pastDueSince: new Date(at.getTime() - 8 * day) })], true),
    ).toMatchObject({
      premium: true,
      source: 'granted',
    });
    expect(of([sub('canceled')])).toMatchObject({ premium: true, kind: 'ending' });
    expect(of([sub('canceled', { endedAt: new Date(at.getTime() - day) })]).premium).toBe(false);
    expect(of([sub('unpaid'), sub('incomplete')])).toMatchObject({ premium: false, kind: 'free' });
  });
});

describe('account deletion', () => {
  it('cancels the subscription at Stripe first and keeps the minimal billing record', async () => {
    const { member, sessionId, sub } = await subscribe();
    await call(member, 'GET', `/api/subscription/checkout/${sessionId}`);
    const res = await call(member, 'POST', '/api/auth/delete-user', { password: member.password });
    expect(res.statusCode).toBe(200);
    expect(
      stripe.requests.some(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${sub.id}`,
      ),
    ).toBe(true);
    expect(await t.database.db.select().from(userTable).where(eq(userTable.id, member.id))).toEqual(
      [],
    );
    const [kept] = await t.database.db
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, sub.id));
    expect(kept).toMatchObject({ userId: null, status: 'canceled' });
    const [customer] = await t.database.db
      .select()
      .from(billingCustomer)
      .where(eq(billingCustomer.customerId, kept!.customerId));
    expect(customer?.userId).toBeNull();
    expect(customer?.userDeletedAt).toBeInstanceOf(Date);
  });

  it('keeps the account when Stripe cannot cancel, with a translated message', async () => {
    const { member, sessionId } = await subscribe();
    await call(member, 'GET', `/api/subscription/checkout/${sessionId}`);
    stripe.failNext(2);
    const res = await call(
      member,
      'POST',
      '/api/auth/delete-user',
      { password: member.password },
      'es',
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json<{ message: string }>().message).toContain('No se pudo cancelar tu suscripción');
    expect(
      await t.database.db.select().from(userTable).where(eq(userTable.id, member.id)),
    ).toHaveLength(1);
  });
});

describe('without Stripe', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ env: { PREMIUM_PRICE_MONTHLY: '4.99', PREMIUM_CURRENCY: 'EUR' } });
  });
  afterAll(() => bare?.close());

  it('starts, shows the configured plans, refuses Checkout calmly and keeps grants', async () => {
    const member = await createUser(bare);
    const res = await injectWithLogin(bare.app, member, {
      method: 'GET',
      url: '/api/subscription',
    });
    expect(res.json()).toMatchObject({
      configured: false,
      canManage: false,
      plans: [
        { id: 'monthly', amount: 499, currency: 'eur', available: false },
        { id: 'yearly', amount: null, currency: null, available: false },
      ],
    });
    const checkout = await injectWithLogin(bare.app, member, {
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: { 'accept-language': 'es', origin: TEST_ORIGIN },
      payload: { plan: 'monthly' },
    });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json<{ message: string }>().message).toBe(
      'Los pagos no están configurados en este servidor.',
    );
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
    const granted = await createUser(bare, { isPremium: true });
    const me = await injectWithLogin(bare.app, granted, {
      method: 'GET',
      url: '/api/subscription',
    });
    expect(me.json()).toMatchObject({ state: { premium: true, source: 'granted' } });
  });
});

function invoiceFor(subscriptionId: string) {
  return {
    id: `in_${subscriptionId}_${Math.random().toString(36).slice(2, 8)}`,
    object: 'invoice',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
  };
}
