import {
  addInterval,
  newId,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeEvent,
  type FakeInvoice,
  type FakeObject,
  type FakePaymentMethod,
  type FakePortalSession,
  type FakePrice,
  type FakeSubscription,
  type Interval,
  type Metadata,
} from './objects.js';
import type { FakeStripeStore } from './store.js';

/** A request Stripe would refuse: the API layer answers it in Stripe's error format. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export const missing = (what: string, id: string, param = 'id') => new FakeStripeError(404, `No such ${what}: '${id}'`, 'resource_missing', param);

const DAY = 86_400;
/** Stripe's default Smart Retries schedule, simplified: a failed renewal is retried every 3 days, 4 attempts in all. */
const RETRY_EVERY = 3 * DAY;
const MAX_ATTEMPTS = 4;
/** An unpaid first invoice expires its subscription after 23 hours (Stripe's rule). */
const INCOMPLETE_LIFETIME = 23 * 3600;
const CHECKOUT_LIFETIME = DAY;
const LIVE_STATUSES = new Set(['active', 'past_due']);

export interface EngineOptions {
  apiVersion: string;
  /** Base URL of the hosted pages (checkout, portal) as browsers reach them. */
  pagesUrl: string;
  onEvent(event: FakeEvent): void;
}

/**
 * What Stripe does with subscriptions, reduced to what SwingFit relies on: objects, their life cycle
 * (payment, renewal, failed renewal with retries, cancel at period end) and the events each step sends.
 */
export class FakeStripeEngine {
  /** How many events were sent so far (tells a reader whether anything happened). */
  emitted = 0;

  constructor(
    readonly store: FakeStripeStore,
    private readonly options: EngineOptions,
  ) {}

  private get d() {
    return this.store.data;
  }

  private emit(type: string, object: FakeObject, previous?: Record<string, unknown>): void {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: this.store.now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    this.emitted += 1;
    this.store.recordEvent(event);
    this.options.onEvent(event);
  }

  // --- objects ---------------------------------------------------------------------------------

  ensurePrice(id: string, unitAmount: number, interval: Interval, nickname: string): FakePrice {
    const existing = this.d.prices[id];
    if (existing) return existing;
    const price: FakePrice = {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: unitAmount,
      recurring: { interval, interval_count: 1 },
      product: 'prod_swingfit_premium',
      nickname,
      created: this.store.now(),
      livemode: false,
    };
    this.d.prices[id] = price;
    return price;
  }

  price(id: string, param = 'price'): FakePrice {
    const price = this.d.prices[id];
    if (!price) throw missing('price', id, param);
    return price;
  }

  customer(id: string, param = 'customer'): FakeCustomer {
    const customer = this.d.customers[id];
    if (!customer) throw missing('customer', id, param);
    return customer;
  }

  subscription(id: string): FakeSubscription {
    const sub = this.d.subscriptions[id];
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  createCustomer(input: { email?: string; name?: string; metadata?: Metadata }): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      created: this.store.now(),
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    this.d.customers[customer.id] = customer;
    return customer;
  }

  createCheckoutSession(input: { customer: string; price: string; successUrl: string; cancelUrl?: string; clientReferenceId?: string; metadata?: Metadata; subscriptionMetadata?: Metadata }): FakeCheckoutSession {
    this.customer(input.customer);
    const price = this.price(input.price, 'line_items[0][price]');
    const id = newId('cs_test');
    const now = this.store.now();
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: input.customer,
      subscription: null,
      invoice: null,
      client_reference_id: input.clientReferenceId ?? null,
      metadata: input.metadata ?? {},
      success_url: input.successUrl,
      cancel_url: input.cancelUrl ?? null,
      url: `${this.options.pagesUrl}/checkout/${id}`,
      currency: 'usd',
      amount_total: price.unit_amount,
      created: now,
      expires_at: now + CHECKOUT_LIFETIME,
      livemode: false,
    };
    this.d.checkoutSessions[id] = session;
    this.d.checkoutLines[id] = { price: price.id, subscriptionMetadata: input.subscriptionMetadata ?? {} };
    return session;
  }

  /** POST /v1/checkout/sessions/{id}/expire: an open session stops taking payment; any other is refused, as Stripe does. */
  expireCheckoutSession(id: string): FakeCheckoutSession {
    const session = this.d.checkoutSessions[id];
    if (!session) throw missing('checkout.session', id);
    if (session.status !== 'open') throw new FakeStripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`);
    Object.assign(session, { status: 'expired', url: null });
    return session;
  }

  createPortalSession(customer: string, returnUrl?: string): FakePortalSession {
    this.customer(customer);
    const id = newId('bps');
    const session: FakePortalSession = { id, object: 'billing_portal.session', customer, return_url: returnUrl ?? null, url: `${this.options.pagesUrl}/portal/${id}`, created: this.store.now(), livemode: false };
    this.d.portalSessions[id] = session;
    return session;
  }

  private testCard(customer: string): FakePaymentMethod {
    const pm: FakePaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date(this.store.now() * 1000).getUTCFullYear() + 3, funding: 'credit', country: 'US' },
      customer,
      created: this.store.now(),
      livemode: false,
    };
    this.d.paymentMethods[pm.id] = pm;
    this.d.customers[customer]!.invoice_settings.default_payment_method = pm.id;
    return pm;
  }

  private newInvoice(sub: FakeSubscription, reason: FakeInvoice['billing_reason'], paid: boolean): FakeInvoice {
    const item = sub.items.data[0]!;
    const amount = item.price.unit_amount;
    const invoice: FakeInvoice = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      currency: 'usd',
      attempt_count: paid ? 1 : 0,
      attempted: paid,
      next_payment_attempt: null,
      created: this.store.now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      livemode: false,
    };
    this.d.invoices[invoice.id] = invoice;
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * A new subscription. `paid`: the first invoice is paid at once (Checkout took the card); otherwise it
   * waits, status incomplete, for its PaymentIntent to be confirmed (payment_behavior=default_incomplete).
   */
  createSubscription(input: { customer: string; price: string; metadata?: Metadata; paid: boolean }): FakeSubscription {
    this.customer(input.customer);
    const price = this.price(input.price, 'items[0][price]');
    const now = this.store.now();
    const id = newId('sub');
    const sub: FakeSubscription = {
      id,
      object: 'subscription',
      customer: input.customer,
      status: input.paid ? 'active' : 'incomplete',
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      currency: 'usd',
      default_payment_method: input.paid ? this.testCard(input.customer).id : null,
      latest_invoice: null,
      pending_setup_intent: null,
      metadata: input.metadata ?? {},
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, created: now, current_period_start: now, current_period_end: addInterval(now, price.recurring.interval), subscription: id }],
      },
      livemode: false,
    };
    this.d.subscriptions[id] = sub;
    const invoice = this.newInvoice(sub, 'subscription_create', input.paid);
    if (!input.paid) {
      const pi = { id: newId('pi'), object: 'payment_intent' as const, amount: invoice.amount_due, currency: 'usd' as const, status: 'requires_payment_method' as const, client_secret: '', customer: sub.customer, payment_method: null, created: now, livemode: false as const };
      pi.client_secret = `${pi.id}_secret_${newId('s').slice(2)}`;
      this.d.paymentIntents[pi.id] = pi;
      this.d.invoiceIntents[invoice.id] = pi.id;
    }
    this.emit('customer.subscription.created', sub);
    if (input.paid) this.emit('invoice.paid', invoice);
    return sub;
  }

  /**
   * Plan change, cancel at period end or on a date (cancel_at) or its undoing, as the API and the portal do
   * them. As at Stripe since 2018-02-28, cancel_at_period_end=false takes back either kind of cancellation.
   */
  updateSubscription(id: string, change: { cancelAtPeriodEnd?: boolean; cancelAt?: number | null; price?: string; metadata?: Metadata }): FakeSubscription {
    const sub = this.subscription(id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new FakeStripeError(400, `A canceled subscription can only update its cancellation_details and metadata.`);
    if (change.cancelAt != null && change.cancelAtPeriodEnd) throw new FakeStripeError(400, 'You may only specify one of these parameters: cancel_at, cancel_at_period_end.');
    const previous: Record<string, unknown> = {};
    const cancelAt = change.cancelAtPeriodEnd === false ? null : change.cancelAt;
    if (cancelAt !== undefined && cancelAt !== sub.cancel_at) {
      previous.cancel_at = sub.cancel_at;
      previous.canceled_at = sub.canceled_at;
      sub.cancel_at = cancelAt;
      sub.canceled_at = cancelAt === null ? null : this.store.now();
    }
    if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.canceled_at = sub.canceled_at;
      sub.cancel_at_period_end = change.cancelAtPeriodEnd;
      sub.canceled_at = change.cancelAtPeriodEnd ? this.store.now() : null;
    }
    if (change.price !== undefined) {
      const price = this.price(change.price, 'items[0][price]');
      const item = sub.items.data[0]!;
      if (item.price.id !== price.id) {
        previous.items = structuredClone(sub.items);
        // A change of interval starts a new period at once (Stripe resets the billing cycle anchor).
        if (item.price.recurring.interval !== price.recurring.interval) {
          const now = this.store.now();
          item.current_period_start = now;
          item.current_period_end = addInterval(now, price.recurring.interval);
          sub.billing_cycle_anchor = now;
        }
        item.price = price;
        if (LIVE_STATUSES.has(sub.status)) this.newInvoice(sub, 'subscription_update', true);
      }
    }
    if (change.metadata) sub.metadata = { ...sub.metadata, ...change.metadata };
    this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** Ends a subscription now (DELETE /v1/subscriptions/{id}). */
  cancelSubscription(id: string): FakeSubscription {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') return sub;
    const now = this.store.now();
    sub.status = 'canceled';
    sub.canceled_at ??= now;
    sub.ended_at = now;
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  // --- what the customer does on Stripe's pages -----------------------------------------------

  /** The golfer pays on the hosted checkout page (with a simulated test card). Returns where Stripe sends the browser. */
  completeCheckout(sessionId: string): string {
    const session = this.d.checkoutSessions[sessionId];
    if (!session) throw missing('checkout session', sessionId);
    if (session.status === 'complete') return this.successUrl(session);
    if (session.status === 'expired' || session.expires_at <= this.store.now()) throw new FakeStripeError(400, 'This Checkout Session has expired.', 'checkout_session_expired');
    const line = this.d.checkoutLines[sessionId]!;
    const sub = this.createSubscription({ customer: session.customer, price: line.price, metadata: line.subscriptionMetadata, paid: true });
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: sub.latest_invoice, url: null });
    this.emit('checkout.session.completed', session);
    return this.successUrl(session);
  }

  private successUrl(session: FakeCheckoutSession): string {
    return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  /** Stripe.js confirming the first invoice's PaymentIntent with the card form (the Elements path). */
  confirmPayment(clientSecret: string, outcome: 'succeeded' | 'declined' = 'succeeded'): FakeSubscription {
    const pi = Object.values(this.d.paymentIntents).find((p) => p.client_secret === clientSecret);
    if (!pi) throw new FakeStripeError(404, 'No such payment_intent', 'resource_missing');
    const invoiceId = Object.entries(this.d.invoiceIntents).find(([, p]) => p === pi.id)?.[0];
    const invoice = invoiceId ? this.d.invoices[invoiceId] : undefined;
    const sub = invoice ? this.d.subscriptions[invoice.parent.subscription_details.subscription] : undefined;
    if (!invoice || !sub) throw new FakeStripeError(400, 'This PaymentIntent pays no subscription invoice');
    if (outcome === 'declined') {
      invoice.attempt_count += 1;
      invoice.attempted = true;
      this.emit('invoice.payment_failed', invoice);
      throw new FakeStripeError(402, 'Your card was declined.', 'card_declined', undefined, 'card_error');
    }
    if (pi.status === 'succeeded') return sub;
    const pm = this.testCard(sub.customer);
    Object.assign(pi, { status: 'succeeded', payment_method: pm.id });
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempted: true, attempt_count: invoice.attempt_count + 1 });
    const previous = { status: sub.status };
    Object.assign(sub, { status: 'active', default_payment_method: pm.id });
    this.emit('invoice.paid', invoice);
    this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** Test control: the customer's card declines (true) or pays (false) the next renewals. */
  setDeclining(customer: string, declining: boolean): void {
    this.customer(customer);
    if (declining) this.d.decliningCustomers[customer] = true;
    else delete this.d.decliningCustomers[customer];
  }

  // --- time --------------------------------------------------------------------------------------

  /** Moves the test clock and lets everything that fell due happen, in order. */
  advanceClock(toSeconds: number): void {
    this.store.advanceTo(toSeconds);
    this.processDue();
  }

  /** Renewals, failed-payment retries, cancellations at period end and expiries that are due by the clock. */
  processDue(): void {
    const now = this.store.now();
    for (const session of Object.values(this.d.checkoutSessions)) if (session.status === 'open' && session.expires_at <= now) Object.assign(session, { status: 'expired', url: null });
    for (const sub of Object.values(this.d.subscriptions)) {
      // Bounded: a monthly plan moved years ahead renews once per period, in order.
      for (let i = 0; i < 400 && this.stepSubscription(sub, now); i++);
    }
  }

  /** One due step of one subscription; false when nothing is due. */
  private stepSubscription(sub: FakeSubscription, now: number): boolean {
    const item = sub.items.data[0]!;
    if (sub.status === 'incomplete') {
      if (sub.created + INCOMPLETE_LIFETIME > now) return false;
      sub.status = 'incomplete_expired';
      sub.ended_at = sub.created + INCOMPLETE_LIFETIME;
      this.emit('customer.subscription.updated', sub, { status: 'incomplete' });
      return false;
    }
    if (!LIVE_STATUSES.has(sub.status)) return false;
    const invoice = sub.latest_invoice ? this.d.invoices[sub.latest_invoice] : undefined;
    const retryAt = invoice?.status === 'open' ? invoice.next_payment_attempt : null;
    if (retryAt !== null && retryAt <= now && retryAt < item.current_period_end) {
      this.retryPayment(sub, invoice!);
      return true;
    }
    // A cancellation scheduled for a date (cancel_at) ends the subscription then, inside a period or after
    // renewals; one at the period end, at its end.
    const endsAt = sub.cancel_at ?? (sub.cancel_at_period_end ? item.current_period_end : null);
    if (endsAt !== null && endsAt <= now) {
      const previous = { status: sub.status };
      sub.status = 'canceled';
      sub.ended_at = endsAt;
      sub.canceled_at ??= sub.ended_at;
      this.emit('customer.subscription.deleted', sub, previous);
      return false;
    }
    if (item.current_period_end > now) return false;
    this.renew(sub);
    return true;
  }

  private renew(sub: FakeSubscription): void {
    const item = sub.items.data[0]!;
    const previous = { items: structuredClone(sub.items), status: sub.status };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval);
    const declines = this.d.decliningCustomers[sub.customer] === true;
    const invoice = this.newInvoice(sub, 'subscription_cycle', !declines);
    if (declines) {
      Object.assign(invoice, { attempt_count: 1, attempted: true, next_payment_attempt: item.current_period_start + RETRY_EVERY });
      sub.status = 'past_due';
      this.emit('invoice.payment_failed', invoice);
    } else {
      sub.status = 'active';
      this.emit('invoice.paid', invoice);
    }
    this.emit('customer.subscription.updated', sub, previous);
  }

  private retryPayment(sub: FakeSubscription, invoice: FakeInvoice): void {
    invoice.attempt_count += 1;
    if (this.d.decliningCustomers[sub.customer] !== true) {
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null });
      sub.status = 'active';
      this.emit('invoice.paid', invoice);
      this.emit('customer.subscription.updated', sub, { status: 'past_due' });
      return;
    }
    const last = invoice.attempt_count >= MAX_ATTEMPTS;
    invoice.next_payment_attempt = last ? null : (invoice.next_payment_attempt ?? this.store.now()) + RETRY_EVERY;
    this.emit('invoice.payment_failed', invoice);
    if (!last) return;
    // All retries failed: Stripe's default is to cancel the subscription.
    invoice.status = 'void';
    sub.status = 'canceled';
    sub.ended_at = this.store.now();
    sub.canceled_at = sub.ended_at;
    this.emit('customer.subscription.deleted', sub, { status: 'past_due' });
  }
}
