import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRICES, PLANS, type Plan } from '@swingfit/contracts';
import Stripe from 'stripe';
import { FakeStripeEngine } from './engine.js';
import { fakeStripeApi } from './api.js';
import { FakeStripeStore } from './store.js';
import { WebhookSender, type WebhookEndpoint } from './webhooks.js';

export { FakeStripeEngine, FakeStripeError } from './engine.js';
export { FakeStripeStore } from './store.js';
export { signPayload, type WebhookEndpoint } from './webhooks.js';
export type * from './objects.js';

/** The price ids of local test mode: stable, so a saved state and the billing rows keep matching. */
export const LOCAL_PRICE_IDS: Record<Plan, string> = { monthly: 'price_swingfit_monthly', annual: 'price_swingfit_annual' };

/** How often due renewals and period ends are processed while the stand-in runs (real time passing). */
const TICK_MS = 30_000;

export interface FakeStripeOptions {
  /** Base URL of the hosted checkout and portal pages as the browser reaches them. */
  pagesUrl: string;
  /** JSON file that keeps the state between runs; none: memory only. */
  stateFile?: string;
  /** Loopback port; 0 picks a free one. */
  port?: number;
  logger?: { warn(obj: object, msg: string): void };
  /** Webhook retry pauses (tests shorten them). */
  retryDelaysMs?: number[];
}

/**
 * A local, stateful stand-in for api.stripe.com on loopback. Billing's local test mode points the real
 * stripe SDK at it (STRIPE_API_BASE) when no Stripe keys are configured, and the tests use it the same
 * way, so one code path serves real Stripe, test mode and tests. It sends signed webhooks to the
 * registered endpoints like Stripe does.
 */
export class FakeStripe {
  readonly secretKey = `sk_test_local_${randomBytes(12).toString('hex')}`;
  readonly store: FakeStripeStore;
  readonly engine: FakeStripeEngine;
  readonly webhooks: WebhookSender;
  private server: Server | undefined;
  private timer: NodeJS.Timeout | undefined;
  url = '';

  constructor(private readonly options: FakeStripeOptions) {
    this.store = new FakeStripeStore(options.stateFile);
    this.webhooks = new WebhookSender(options.logger, options.retryDelaysMs);
    this.engine = new FakeStripeEngine(this.store, { apiVersion: Stripe.API_VERSION, pagesUrl: options.pagesUrl, onEvent: (e) => this.webhooks.send(e) });
    // The plans at the amounts the product advertises (contracts' PRICES is the one source).
    for (const plan of PLANS) this.engine.ensurePrice(LOCAL_PRICE_IDS[plan], PRICES[plan].amountCents, PRICES[plan].interval, `SwingFit Premium ${PRICES[plan].name}`);
  }

  async start(): Promise<this> {
    const handler = fakeStripeApi(this.engine, this.secretKey, () => this.store.save());
    this.server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve);
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.timer = setInterval(() => this.act(() => this.engine.processDue()), TICK_MS);
    this.timer.unref();
    this.store.save();
    return this;
  }

  /** Where billing sends its API calls and who receives the events. */
  addWebhookEndpoint(endpoint: WebhookEndpoint): void {
    this.webhooks.endpoints.push(endpoint);
  }

  /** Runs a customer-side action (paying, cancelling, moving the clock), saves the state, and waits until its events were delivered once. */
  async act<T>(action: () => T): Promise<T> {
    const result = action();
    this.store.save();
    await this.webhooks.idle();
    return result;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.webhooks.close();
    await this.webhooks.idle();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
