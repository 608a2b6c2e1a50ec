import { HttpError } from '@swingfit/server-kit';
import { PRICES, isPremiumAt, type CheckoutReturn, type Plan, type SubscriptionClientSecret, type SubscriptionSyncResult, type UpgradeResponse } from '@swingfit/contracts';
import type Stripe from 'stripe';
import type { BillingDeps } from '../deps.js';
import { customerIdForUser, lockGolfer } from '../db/customers.js';
import { ensureCustomer } from './customers.js';
import { subscriptionDetails, syncGolfer } from './sync.js';

/*
 * The golfer's subscription calls of section 7. None of them decides the plan by itself: whatever
 * happens at Stripe comes back through syncGolfer (here, from webhooks, or from the reconcile job).
 */

export const ALREADY_PREMIUM = 'You already have Premium. Manage your subscription from your profile.';
export const NO_CHECKOUT_URL = 'No checkout URL received from server';

const url = (deps: BillingDeps, path: string) => `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;

/** Re-reads Stripe first: a golfer who already pays must not be sent to pay twice. */
async function refuseIfPremium(deps: BillingDeps, userId: number, requestId?: string): Promise<void> {
  const { subscription } = await syncGolfer(deps, userId, { requestId });
  if (subscription && isPremiumAt(subscription, new Date())) throw new HttpError(409, ALREADY_PREMIUM);
}

/** Checkout pages a golfer could still have open at once (tabs, history); Stripe keeps each open for a day. */
const OPEN_CHECKOUTS_LIMIT = 100;

/**
 * Only the newest way to pay stays open. A Checkout page left open (another tab, the browser's history,
 * the plan picked first before going back) would start a second subscription if paid: Stripe charges
 * both. So every other open Checkout page of the customer is expired first. One found paid meanwhile
 * means the golfer already pays. Called under the golfer's lock, so concurrent starts take turns.
 */
async function expireOpenCheckouts(deps: BillingDeps, customer: string): Promise<void> {
  const open = await deps.stripe.checkout.sessions.list({ customer, status: 'open', limit: OPEN_CHECKOUTS_LIMIT });
  for (const session of open.data) {
    try {
      await deps.stripe.checkout.sessions.expire(session.id);
    } catch (error) {
      const now = await deps.stripe.checkout.sessions.retrieve(session.id);
      if (now.status === 'complete') throw new HttpError(409, ALREADY_PREMIUM);
      if (now.status !== 'expired') throw error;
    }
  }
}

/** POST /api/create-checkout-session: a Stripe Checkout page for the plan (or the local test checkout). */
export async function createCheckout(deps: BillingDeps, userId: number, plan: Plan, returnTo: CheckoutReturn = 'payment-success', requestId?: string): Promise<string> {
  await refuseIfPremium(deps, userId, requestId);
  const customer = await ensureCustomer(deps, userId);
  const back = returnTo === 'profile' ? '/profile' : '/payment-success';
  const session = await deps.db.transaction().execute(async (trx) => {
    await lockGolfer(trx, userId);
    await expireOpenCheckouts(deps, customer);
    return deps.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: String(userId),
      line_items: [{ price: deps.prices[plan], quantity: 1 }],
      success_url: url(deps, `${back}?session_id={CHECKOUT_SESSION_ID}`),
      cancel_url: url(deps, returnTo === 'profile' ? '/profile' : '/subscribe'),
      metadata: { userId: String(userId), plan },
      subscription_data: { metadata: { userId: String(userId) } },
    });
  });
  if (!session.url) throw new HttpError(502, NO_CHECKOUT_URL);
  return session.url;
}

function clientSecretOf(sub: Stripe.Subscription): string | undefined {
  const setup = sub.pending_setup_intent;
  if (setup && typeof setup === 'object' && setup.client_secret) return setup.client_secret;
  const invoice = sub.latest_invoice;
  if (invoice && typeof invoice === 'object') return invoice.confirmation_secret?.client_secret ?? undefined;
  return undefined;
}

/**
 * POST /api/get-or-create-subscription: the card form's subscription, waiting for its first payment
 * (default_incomplete). A form reopened for the same plan gets the same subscription back.
 */
export async function getOrCreateSubscription(deps: BillingDeps, userId: number, plan: Plan, requestId?: string): Promise<SubscriptionClientSecret> {
  await refuseIfPremium(deps, userId, requestId);
  const customer = await ensureCustomer(deps, userId);
  const price = deps.prices[plan];
  return deps.db.transaction().execute(async (trx) => {
    await lockGolfer(trx, userId);
    // The card form is now the way to pay: a Checkout page still open elsewhere must not take a second payment.
    await expireOpenCheckouts(deps, customer);
    const waiting = await deps.stripe.subscriptions.list({ customer, status: 'incomplete', limit: 10, expand: ['data.latest_invoice.confirmation_secret', 'data.pending_setup_intent'] });
    const sub =
      waiting.data.find((s) => s.items.data[0]?.price.id === price && clientSecretOf(s)) ??
      (await deps.stripe.subscriptions.create({
        customer,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: String(userId) },
        expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      }));
    const clientSecret = clientSecretOf(sub);
    if (!clientSecret) throw new HttpError(502, 'Stripe gave no payment to confirm for this subscription');
    return { clientSecret, plan, subscriptionId: sub.id };
  });
}

/** POST /api/create-customer-portal: Stripe's page to change the card, cancel or resume. */
export async function createPortal(deps: BillingDeps, userId: number): Promise<string> {
  const customer = await customerIdForUser(deps.db, userId);
  if (!customer) throw new HttpError(404, 'No subscription to manage yet. Upgrade to Premium first.');
  const session = await deps.stripe.billingPortal.sessions.create({ customer, return_url: url(deps, '/profile') });
  return session.url;
}

/** What a refresh found, in the golfer's words. */
const STATUS_MESSAGES: Record<string, string> = {
  none: 'No Premium subscription found.',
  canceled: 'Your Premium subscription has ended.',
  incomplete: 'Your first payment has not gone through yet.',
  incomplete_expired: 'Your payment was not completed, so Premium did not start.',
  unpaid: 'Your Premium subscription is on hold: a payment is overdue.',
  paused: 'Your Premium subscription is paused.',
};

function describe(isPremium: boolean, status: string, cancelAtPeriodEnd: boolean): string {
  if (isPremium && cancelAtPeriodEnd) return 'Your Premium subscription is cancelled and ends at the end of the paid period.';
  if (isPremium) return 'Your Premium subscription is active.';
  return STATUS_MESSAGES[status] ?? 'No active Premium subscription.';
}

/** POST /api/refresh-subscription and /api/update-subscription-status: Stripe re-read; the client's word counts for nothing. */
export async function refreshSubscription(deps: BillingDeps, userId: number, requestId?: string): Promise<SubscriptionSyncResult> {
  const { subscription } = await syncGolfer(deps, userId, { requestId });
  const details = subscriptionDetails(subscription, new Date(), (await customerIdForUser(deps.db, userId)) ?? null);
  return { message: describe(details.isPremium, details.status, details.cancelAtPeriodEnd), isPremium: details.isPremium, subscription: details };
}

/**
 * POST /api/subscription/upgrade: a Premium golfer moves to another plan (monthly to annual, prorated
 * by Stripe), or takes back a cancellation. A golfer without Premium is sent to pay first (402).
 */
export async function upgradeSubscription(deps: BillingDeps, userId: number, plan: Plan, requestId?: string): Promise<UpgradeResponse> {
  const { subscription: s } = await syncGolfer(deps, userId, { requestId });
  if (!s?.subscriptionId || !isPremiumAt(s, new Date())) throw new HttpError(402, 'Choose a plan and pay to upgrade to Premium.', { requiresCheckout: true });
  if (s.plan === plan && !s.cancelAtPeriodEnd) return { message: `You're already on the ${PRICES[plan].name} plan.`, isPremium: true, plan };
  const current = await deps.stripe.subscriptions.retrieve(s.subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new HttpError(502, 'Stripe returned a subscription without items');
  await deps.stripe.subscriptions.update(s.subscriptionId, {
    items: [{ id: item.id, price: deps.prices[plan] }],
    cancel_at_period_end: false,
    proration_behavior: 'create_prorations',
  });
  const after = await syncGolfer(deps, userId, { requestId });
  return { message: `You're now on the ${PRICES[plan].name} plan (${PRICES[plan].label}).`, isPremium: after.subscription ? isPremiumAt(after.subscription, new Date()) : false, plan: after.subscription?.plan ?? null };
}
