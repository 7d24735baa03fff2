import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Language } from '#shared/constants.ts';
import {
  PLAN_IDS,
  type CheckoutResult,
  type Plan,
  type PlanId,
  type SubscriptionKind,
  type SubscriptionOverview,
  type SubscriptionState,
} from '#shared/schemas/subscription.ts';
import type { SessionCache } from '../auth/session.ts';
import type { AppConfig } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import { billingCustomer, billingSubscription, stripeEvent, user } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { premiumEntitlement } from './entitlement.ts';
import {
  idOf,
  invoiceSubscriptionId,
  subscriptionSnapshot,
  type SubscriptionSnapshot,
} from './stripe.ts';

/** Statuses Stripe never leaves: a late event cannot bring such a subscription back. */
const TERMINAL = new Set(['canceled', 'incomplete_expired']);
/** Within one second, the order a subscription's statuses usually come in. */
const STATUS_ORDER: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  paused: 4,
  canceled: 5,
  incomplete_expired: 5,
};
/** Subscriptions that still bill (cancelled at Stripe before an account is deleted). */
const BILLING_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'];
/** What a member with one of these may not start a second Checkout over. */
const SUBSCRIBED_KINDS: SubscriptionKind[] = ['renews', 'trialing', 'ending', 'pastDue'];

const PRICE_CACHE_MS = 10 * 60_000;

/** The events the webhook acts on; others are stored (once) and otherwise ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export interface BillingDeps {
  db: Database;
  config: AppConfig;
  stripe: Stripe | null;
  sessionCache: SessionCache;
  log: FastifyBaseLogger;
}

/** A member's subscription state with where it comes from, for the admin panel. */
export interface MemberSubscription extends SubscriptionState {
  userId: string;
  /** Stripe's status of the member's most relevant subscription, if any. */
  stripeStatus: string | null;
  subscriptionId: string | null;
  customerId: string | null;
}

const subscriptionColumns = {
  userId: billingSubscription.userId,
  id: billingSubscription.id,
  status: billingSubscription.status,
  currentPeriodEnd: billingSubscription.currentPeriodEnd,
  cancelAtPeriodEnd: billingSubscription.cancelAtPeriodEnd,
  endedAt: billingSubscription.endedAt,
  pastDueSince: billingSubscription.pastDueSince,
  updatedAt: billingSubscription.updatedAt,
};

/**
 * Each member's subscription state and its source (stripe | granted | none) with dates, for a
 * list of user ids; ids with no account are left out. For the admin panel:
 * `subscriptionStatesFor(db, ids, config.stripe.graceDays)`.
 */
export async function subscriptionStatesFor(
  db: Executor,
  userIds: readonly string[],
  graceDays: number,
  now = new Date(),
): Promise<Map<string, MemberSubscription>> {
  const result = new Map<string, MemberSubscription>();
  if (userIds.length === 0) return result;
  const ids = [...new Set(userIds)];
  const [users, subs, customers] = await Promise.all([
    db.select({ id: user.id, granted: user.isPremium }).from(user).where(inArray(user.id, ids)),
    db
      .select(subscriptionColumns)
      .from(billingSubscription)
      .where(inArray(billingSubscription.userId, ids)),
    db
      .select({ userId: billingCustomer.userId, customerId: billingCustomer.customerId })
      .from(billingCustomer)
      .where(inArray(billingCustomer.userId, ids)),
  ]);
  for (const u of users) {
    const own = subs.filter((s) => s.userId === u.id);
    const state = premiumEntitlement({ granted: u.granted, subscriptions: own }, now, graceDays);
    // The subscription the state speaks of: the newest one (they rarely number more than one).
    const latest = own.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    result.set(u.id, {
      ...state,
      userId: u.id,
      stripeStatus: latest?.status ?? null,
      subscriptionId: latest?.id ?? null,
      customerId: customers.find((c) => c.userId === u.id)?.customerId ?? null,
    });
  }
  return result;
}

/** Payments: plans, Checkout, the Customer Portal, webhooks, and cancelling on account deletion. */
export class BillingService {
  private readonly priceCache = new Map<string, { price: Stripe.Price; until: number }>();

  constructor(private readonly deps: BillingDeps) {}

  /** Checkout can be offered: a secret key and at least one price id. */
  get configured(): boolean {
    const { prices } = this.deps.config.stripe;
    return Boolean(this.deps.stripe && (prices.monthly || prices.yearly));
  }

  private get stripe(): Stripe {
    if (!this.deps.stripe || !this.configured) {
      throw new HttpError(503, 'subscription.errors.notConfigured', {}, 'PAYMENTS_NOT_CONFIGURED');
    }
    return this.deps.stripe;
  }

  /** `subscriptionStatesFor` with this server's grace period (the admin panel: `app.billing`). */
  statesFor(userIds: readonly string[]): Promise<Map<string, MemberSubscription>> {
    return subscriptionStatesFor(this.deps.db, userIds, this.deps.config.stripe.graceDays);
  }

  async stateFor(userId: string, now = new Date()): Promise<SubscriptionState> {
    const states = await subscriptionStatesFor(
      this.deps.db,
      [userId],
      this.deps.config.stripe.graceDays,
      now,
    );
    const state = states.get(userId);
    if (!state) throw new HttpError(404, 'errors.notFound');
    const { userId: _u, stripeStatus: _s, subscriptionId: _i, customerId: _c, ...rest } = state;
    return rest;
  }

  async overview(userId: string): Promise<SubscriptionOverview> {
    const [state, plans, customer] = await Promise.all([
      this.stateFor(userId),
      this.plans(),
      this.customerOf(userId),
    ]);
    return {
      configured: this.configured,
      state,
      plans,
      canManage: this.configured && customer !== null,
    };
  }

  /** The plans: prices from Stripe's Price objects, or from configuration without Stripe. */
  async plans(): Promise<Plan[]> {
    const { prices, displayPrices } = this.deps.config.stripe;
    const plans = await Promise.all(
      PLAN_IDS.map(async (id): Promise<Plan | null> => {
        const interval = id === 'monthly' ? 'month' : 'year';
        const fallback = displayPrices[id];
        const shown = {
          id,
          interval,
          amount: fallback === undefined ? null : Math.round(fallback * 100),
          currency: fallback === undefined ? null : displayPrices.currency,
        } as const;
        if (!this.configured) return { ...shown, available: false };
        const priceId = prices[id];
        if (!priceId) return null;
        const price = await this.price(priceId);
        if (!price) return { ...shown, available: true };
        return {
          id,
          interval: price.recurring?.interval === 'year' ? 'year' : 'month',
          amount: price.unit_amount,
          currency: price.currency,
          available: true,
        };
      }),
    );
    return plans.filter((p): p is Plan => p !== null);
  }

  private async price(priceId: string): Promise<Stripe.Price | null> {
    const hit = this.priceCache.get(priceId);
    if (hit && hit.until > Date.now()) return hit.price;
    try {
      const price = await this.stripe.prices.retrieve(priceId);
      this.priceCache.set(priceId, { price, until: Date.now() + PRICE_CACHE_MS });
      return price;
    } catch (err) {
      this.deps.log.warn({ err, priceId }, 'stripe price could not be read');
      return null;
    }
  }

  private async customerOf(userId: string): Promise<string | null> {
    const [row] = await this.deps.db
      .select({ id: billingCustomer.customerId })
      .from(billingCustomer)
      .where(eq(billingCustomer.userId, userId));
    return row?.id ?? null;
  }

  /** The member's Stripe customer, made on first use (one per member). */
  async ensureCustomer(me: { id: string; email: string; firstName: string; lastName: string }) {
    const existing = await this.customerOf(me.id);
    if (existing) return existing;
    // The idempotency key makes two racing first Checkouts get the same Stripe customer.
    const created = await this.call(() =>
      this.stripe.customers.create(
        {
          email: me.email,
          name: `${me.firstName} ${me.lastName}`.trim() || undefined,
          metadata: { userId: me.id },
        },
        { idempotencyKey: `camino-customer-${me.id}` },
      ),
    );
    await this.deps.db
      .insert(billingCustomer)
      .values({ customerId: created.id, userId: me.id })
      .onConflictDoNothing();
    return (await this.customerOf(me.id)) ?? created.id;
  }

  async startCheckout(
    me: { id: string; email: string; firstName: string; lastName: string },
    plan: PlanId,
    lang: Language,
  ): Promise<string> {
    const priceId = this.deps.config.stripe.prices[plan];
    const stripe = this.stripe;
    if (!priceId) throw new HttpError(400, 'subscription.errors.unknownPlan', {}, 'UNKNOWN_PLAN');
    const state = await this.stateFor(me.id);
    if (state.source === 'stripe' || SUBSCRIBED_KINDS.includes(state.kind)) {
      throw new HttpError(409, 'subscription.errors.alreadySubscribed', {}, 'ALREADY_SUBSCRIBED');
    }
    const customer = await this.ensureCustomer(me);
    const appUrl = this.deps.config.appUrl;
    const session = await this.call(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: me.id,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: `${appUrl}/welcome-premium?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/subscription?checkout=cancelled`,
        locale: lang === 'es' ? 'es' : 'en',
        metadata: { userId: me.id, plan },
        subscription_data: { metadata: { userId: me.id } },
      }),
    );
    if (!session.url) throw new HttpError(502, 'subscription.errors.stripe', {}, 'STRIPE_ERROR');
    return session.url;
  }

  async openPortal(userId: string, lang: Language): Promise<string> {
    const stripe = this.stripe;
    const customer = await this.customerOf(userId);
    if (!customer) throw new HttpError(409, 'subscription.errors.noCustomer', {}, 'NO_CUSTOMER');
    const session = await this.call(() =>
      stripe.billingPortal.sessions.create({
        customer,
        return_url: `${this.deps.config.appUrl}/subscription`,
        locale: lang === 'es' ? 'es' : 'en',
      }),
    );
    return session.url;
  }

  /**
   * Where Checkout returns: asks Stripe about the session (it must be this member's) and, when
   * complete, records its subscription as Stripe has it now, so the welcome page does not wait
   * for the webhook; the webhook, whenever it comes, changes nothing older.
   */
  async confirmCheckout(userId: string, sessionId: string): Promise<CheckoutResult> {
    const stripe = this.stripe;
    const session = await this.call(() =>
      stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
    );
    if (session.client_reference_id !== userId) throw new HttpError(404, 'errors.notFound');
    const complete = session.status === 'complete';
    if (complete && session.subscription && typeof session.subscription === 'object') {
      const snapshot = subscriptionSnapshot(session.subscription);
      await this.deps.db.transaction(async (tx) => {
        await this.linkCustomer(tx, snapshot.customerId, userId);
        await this.applySubscription(tx, snapshot, new Date(), userId);
      });
      this.deps.sessionCache.forgetUser(userId);
    }
    return { complete, state: await this.stateFor(userId) };
  }

  /** Verifies a webhook's signature; null when it does not hold. */
  verifyEvent(payload: Buffer, signature: string | undefined): Stripe.Event | null {
    const secret = this.deps.config.stripe.webhookSecret;
    if (!secret) {
      throw new HttpError(503, 'subscription.errors.notConfigured', {}, 'PAYMENTS_NOT_CONFIGURED');
    }
    if (!signature) return null;
    try {
      return Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      return null;
    }
  }

  /**
   * Stores the event and applies it, in one transaction: an event id seen before changes
   * nothing; a failure rolls both back and the webhook answers 500, so Stripe sends it again.
   */
  async handleEvent(event: Stripe.Event): Promise<'applied' | 'duplicate'> {
    // What needs Stripe's API is fetched before the transaction opens.
    let fetched: SubscriptionSnapshot | null = null;
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subId = idOf(session.subscription);
      if (subId && session.mode === 'subscription') {
        const seen = await this.deps.db
          .select({ id: stripeEvent.id })
          .from(stripeEvent)
          .where(eq(stripeEvent.id, event.id));
        if (seen.length > 0) return 'duplicate';
        fetched = subscriptionSnapshot(await this.stripe.subscriptions.retrieve(subId));
      }
    }
    const touched = new Set<string>();
    const outcome = await this.deps.db.transaction(async (tx) => {
      const object = event.data.object as { id?: string };
      const stored = await tx
        .insert(stripeEvent)
        .values({
          id: event.id,
          type: event.type,
          objectId: object.id ?? null,
          stripeCreatedAt: new Date(event.created * 1000),
        })
        .onConflictDoNothing()
        .returning({ id: stripeEvent.id });
      if (stored.length === 0) return 'duplicate' as const;
      const at = new Date(event.created * 1000);
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const userId = session.client_reference_id;
          const customerId = idOf(session.customer);
          if (userId && customerId) await this.linkCustomer(tx, customerId, userId);
          if (fetched) {
            const owner = await this.applySubscription(tx, fetched, at, userId ?? undefined);
            if (owner) touched.add(owner);
          }
          break;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const owner = await this.applySubscription(
            tx,
            subscriptionSnapshot(event.data.object),
            at,
          );
          if (owner) touched.add(owner);
          break;
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const subId = invoiceSubscriptionId(event.data.object);
          if (!subId) break;
          const owner = await this.recordPayment(tx, subId, at, event.type === 'invoice.paid');
          if (owner) touched.add(owner);
          break;
        }
      }
      return 'applied' as const;
    });
    for (const id of touched) this.deps.sessionCache.forgetUser(id);
    return outcome;
  }

  /** Links a Stripe customer to a member (the first link wins; the member must still exist). */
  private async linkCustomer(tx: Executor, customerId: string, userId: string) {
    const [exists] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!exists) return;
    await tx.insert(billingCustomer).values({ customerId, userId }).onConflictDoNothing();
  }

  /** Whose subscription this is: the customer's member, else the id Checkout stamped on it. */
  private async ownerOf(tx: Executor, snapshot: SubscriptionSnapshot, hint?: string) {
    const [row] = await tx
      .select({ userId: billingCustomer.userId, deletedAt: billingCustomer.userDeletedAt })
      .from(billingCustomer)
      .where(eq(billingCustomer.customerId, snapshot.customerId));
    if (row) return row.userId;
    const candidate = hint ?? snapshot.userHint;
    if (!candidate) return null;
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, candidate));
    return found?.id ?? null;
  }

  /**
   * Records a subscription snapshot taken at `version` (Stripe's time), unless what is stored
   * is newer: a later version, the same second with a later status, or a terminal status.
   * Returns the member it belongs to.
   */
  private async applySubscription(
    tx: Executor,
    snapshot: SubscriptionSnapshot,
    version: Date,
    hint?: string,
  ): Promise<string | null> {
    const [stored] = await tx
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, snapshot.id))
      .for('update');
    const userId = stored?.userId ?? (await this.ownerOf(tx, snapshot, hint));
    if (stored) {
      const older = stored.version.getTime() - version.getTime();
      const sameSecondEarlierStatus =
        Math.abs(older) < 1000 &&
        (STATUS_ORDER[snapshot.status] ?? 0) < (STATUS_ORDER[stored.status] ?? 0);
      const revived = TERMINAL.has(stored.status) && !TERMINAL.has(snapshot.status);
      if (older >= 1000 || sameSecondEarlierStatus || revived) {
        if (!stored.userId && userId) {
          // The state stays, but now we know whose it is.
          await tx
            .update(billingSubscription)
            .set({ userId, updatedAt: new Date() })
            .where(eq(billingSubscription.id, snapshot.id));
        }
        this.deps.log.info(
          { event: 'stripe.stale-snapshot', subscription: snapshot.id, status: snapshot.status },
          'an older subscription state was ignored',
        );
        return stored.userId ?? userId;
      }
    }
    const values = {
      customerId: snapshot.customerId,
      userId,
      status: snapshot.status,
      priceId: snapshot.priceId,
      interval: snapshot.interval,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      endedAt: snapshot.endedAt,
      // The grace period counts from the first failure seen (an invoice or this status).
      pastDueSince: snapshot.status === 'past_due' ? (stored?.pastDueSince ?? version) : null,
      version: stored && stored.version > version ? stored.version : version,
      updatedAt: new Date(),
    };
    await tx
      .insert(billingSubscription)
      .values({ id: snapshot.id, ...values })
      .onConflictDoUpdate({ target: billingSubscription.id, set: values });
    return userId;
  }

  /** invoice.paid clears a failure; invoice.payment_failed starts the grace period. */
  private async recordPayment(tx: Executor, subId: string, at: Date, paid: boolean) {
    const [stored] = await tx
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, subId))
      .for('update');
    if (!stored) return null;
    if (paid) {
      if (stored.version > at) return stored.userId;
      await tx
        .update(billingSubscription)
        .set({ pastDueSince: null, updatedAt: new Date() })
        .where(eq(billingSubscription.id, subId));
    } else if (!stored.pastDueSince && !TERMINAL.has(stored.status)) {
      await tx
        .update(billingSubscription)
        .set({ pastDueSince: at, updatedAt: new Date() })
        .where(eq(billingSubscription.id, subId));
    }
    return stored.userId;
  }

  /**
   * Before an account is deleted: every subscription still billing is cancelled at Stripe (so
   * no card is charged again), and the customer row is marked; the rows stay, without the
   * member, as the billing record. Throws when a subscription cannot be cancelled.
   */
  async cancelForDeletion(userId: string): Promise<void> {
    const live = await this.deps.db
      .select({ id: billingSubscription.id })
      .from(billingSubscription)
      .where(
        and(
          eq(billingSubscription.userId, userId),
          inArray(billingSubscription.status, BILLING_STATUSES),
        ),
      );
    if (live.length > 0 && !this.deps.stripe) {
      throw new Error('subscriptions to cancel but no Stripe key configured');
    }
    for (const { id } of live) {
      let cancelled: Stripe.Subscription;
      try {
        cancelled = await this.deps.stripe!.subscriptions.cancel(id, {
          cancellation_details: { comment: 'account deleted' },
        });
      } catch (err) {
        if ((err as { code?: string }).code !== 'resource_missing') throw err;
        continue; // Stripe no longer has it: nothing to charge.
      }
      await this.deps.db.transaction((tx) =>
        this.applySubscription(tx, subscriptionSnapshot(cancelled), new Date(), userId),
      );
    }
    this.deps.sessionCache.forgetUser(userId);
    await this.deps.db
      .update(billingCustomer)
      .set({ userDeletedAt: new Date() })
      .where(and(eq(billingCustomer.userId, userId), isNull(billingCustomer.userDeletedAt)));
    this.deps.log.info(
      { event: 'billing.account-deleted', cancelled: live.length },
      'subscriptions cancelled before account deletion',
    );
  }

  /** A Stripe API call whose failure answers 502 with a translated message. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.deps.log.error({ err }, 'stripe request failed');
      throw new HttpError(502, 'subscription.errors.stripe', {}, 'STRIPE_ERROR');
    }
  }
}
