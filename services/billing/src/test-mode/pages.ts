import { PRICES, type Plan } from '@swingfit/contracts';
import type { FakeCheckoutSession, FakePaymentMethod, FakeSubscription } from '../stripe-fake/index.js';

/*
 * Local test mode's stand-ins for Stripe's hosted Checkout and customer portal: plain HTML forms (no
 * script, no card field), marked TEST MODE on every screen. What they do goes through the simulated
 * Stripe account, which signs and sends the same webhooks the real Stripe would.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (seconds: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' }).format(new Date(seconds * 1000));

function page(base: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · TEST MODE</title>
<link rel="stylesheet" href="${base}/assets/test-mode.css">
</head>
<body>
<div class="band" role="note">TEST MODE<small>Simulated payments on this machine. No card details, no real money.</small></div>
<main>
<div class="brand"><span aria-hidden="true">S</span> SwingFit</div>
${body}
</main>
</body>
</html>`;
}

const planOf = (priceId: string, prices: Record<Plan, string>): Plan | undefined => (Object.keys(prices) as Plan[]).find((p) => prices[p] === priceId);

export function checkoutPage(base: string, session: FakeCheckoutSession, priceId: string, prices: Record<Plan, string>, error?: string): string {
  const plan = planOf(priceId, prices) ?? 'annual';
  const price = PRICES[plan];
  const action = `${base}/checkout/${encodeURIComponent(session.id)}`;
  if (session.status !== 'open') {
    const done = session.status === 'complete';
    return page(base, 'Checkout', `<section class="card"><h1>${done ? 'Already paid' : 'This checkout has expired'}</h1>
<p>${done ? 'This subscription is paid. Head back to SwingFit.' : 'Start again from SwingFit to get a new checkout.'}</p>
<a class="button primary" href="${escape(done ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : (session.cancel_url ?? '/'))}">Back to SwingFit</a></section>`);
  }
  return page(
    base,
    'Checkout',
    `<section class="card" aria-labelledby="plan-title">
<h1 id="plan-title">Subscribe to SwingFit Premium</h1>
<p>${price.name} plan</p>
<div class="price">${price.amount} <small>per ${price.interval}</small></div>
${price.savingPercent ? `<div><span class="save">Save ${price.savingPercent}%</span></div>` : ''}
<dl><dt>Due today</dt><dd>${price.amount}</dd><dt>Renews</dt><dd>every ${price.interval}</dd></dl>
</section>
<section class="card" aria-labelledby="pay-title">
<h2 id="pay-title">Payment</h2>
<p class="note">Test mode uses a simulated Visa card ending in 4242. Never type real card details on a test page.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<div class="stack">
<form method="post" action="${action}/pay"><button class="primary" type="submit">Pay ${price.amount} (test)</button></form>
${session.cancel_url ? `<a class="button outline" href="${escape(session.cancel_url)}">Cancel and go back</a>` : ''}
</div>
</section>`,
  );
}

export interface PortalView {
  base: string;
  portalId: string;
  returnUrl: string | null;
  subscription: FakeSubscription | undefined;
  card: FakePaymentMethod | undefined;
  declining: boolean;
  clock: number;
  prices: Record<Plan, string>;
}

function subscriptionCard(v: PortalView, action: string): string {
  const s = v.subscription;
  if (!s) return `<section class="card"><h1>No subscription</h1><p>You have no SwingFit Premium subscription.</p></section>`;
  const item = s.items.data[0]!;
  const plan = planOf(item.price.id, v.prices);
  const live = s.status === 'active' || s.status === 'past_due';
  const [whenLabel, when] = !live ? ['Ended on', s.ended_at ? day(s.ended_at) : '—'] : s.cancel_at_period_end ? ['Ends on', day(item.current_period_end)] : ['Renews on', day(item.current_period_end)];
  const status = s.cancel_at_period_end && live ? 'Cancelled, Premium until the period ends' : s.status.replace(/_/g, ' ');
  const change = !live
    ? ''
    : s.cancel_at_period_end
      ? `<form method="post" action="${action}/resume"><button class="primary" type="submit">Resume subscription</button></form>`
      : `<form method="post" action="${action}/cancel"><button class="danger" type="submit">Cancel subscription</button></form>
<p class="muted">Cancelling keeps Premium until the end of the period you paid for.</p>`;
  return `<section class="card" aria-labelledby="sub-title">
<h1 id="sub-title">Manage your subscription</h1>
<dl>
<dt>Plan</dt><dd>Premium ${plan ? `${PRICES[plan].name} · ${PRICES[plan].label}` : ''}</dd>
<dt>Status</dt><dd>${escape(status)}</dd>
<dt>${whenLabel}</dt><dd>${escape(when)}</dd>
<dt>Card</dt><dd>${v.card ? `${escape(v.card.card.brand.toUpperCase())} •••• ${escape(v.card.card.last4)} (test)` : 'None'}</dd>
</dl>
<div class="stack">${change}</div>
</section>`;
}

export function portalPage(v: PortalView): string {
  const action = `${v.base}/portal/${encodeURIComponent(v.portalId)}`;
  const item = v.subscription?.items.data[0];
  const live = v.subscription && (v.subscription.status === 'active' || v.subscription.status === 'past_due');
  return page(
    v.base,
    'Manage subscription',
    `${subscriptionCard(v, action)}
<section class="card" aria-labelledby="clock-title">
<h2 id="clock-title">Test clock</h2>
<p>Simulated date: <strong>${day(v.clock)}</strong>. Move it to see a renewal, a failed payment or the end of a cancelled subscription.</p>
<div class="stack">
${live && item ? `<form method="post" action="${action}/advance-clock"><button class="outline" type="submit">Move to the end of this period</button></form>` : ''}
<form method="post" action="${action}/declining"><input type="hidden" name="declining" value="${v.declining ? 'off' : 'on'}"><button class="outline" type="submit">${v.declining ? 'Let the test card pay again' : 'Make the test card decline renewals'}</button></form>
</div>
</section>
${v.returnUrl ? `<a class="button primary" href="${escape(v.returnUrl)}">Return to SwingFit</a>` : ''}`,
  );
}

export function messagePage(base: string, title: string, text: string): string {
  return page(base, title, `<section class="card"><h1>${escape(title)}</h1><p>${escape(text)}</p><a class="button outline" href="/profile">Back to SwingFit</a></section>`);
}

export const notFoundPage = (base: string) => messagePage(base, 'Page not found', 'This test checkout or portal link is not yours, or it no longer exists.');
