import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import Stripe from 'stripe';
import type { FakeEvent } from './objects.js';

export interface WebhookEndpoint {
  url: string;
  /** The endpoint's signing secret (whsec_...): deliveries are signed exactly as Stripe signs them. */
  secret: string;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

const DELIVERY_TIMEOUT_MS = 10_000;
/** Pauses before the second, third... attempt of a failed delivery (Stripe retries for days; a local stand-in briefly). */
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/** Signs a payload as Stripe does, with the real SDK's test-header helper. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/**
 * One delivery on its own connection (no keep-alive), as Stripe's are: nothing lingers in the receiving
 * server after the answer. Resolves with the problem, or undefined for a 2xx answer.
 */
function post(url: string, payload: string, signature: string): Promise<string | undefined> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode && res.statusCode < 300 ? undefined : `HTTP ${res.statusCode}`));
        res.on('error', (error) => resolve(error.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve(error.message));
    req.end(payload);
  });
}

/**
 * Posts events to the registered endpoints, one at a time in the order they happened. A failed delivery
 * is retried later with a fresh signature (as Stripe does), without holding up the events behind it.
 */
export class WebhookSender {
  endpoints: WebhookEndpoint[] = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly retries = new Set<NodeJS.Timeout>();

  constructor(
    private readonly logger?: Logger,
    private readonly retryDelaysMs = RETRY_DELAYS_MS,
  ) {}

  send(event: FakeEvent): void {
    for (const endpoint of this.endpoints) this.chain = this.chain.then(() => this.attempt(endpoint, event, 0));
  }

  /** Resolves once every event sent so far had its first delivery attempt. */
  idle(): Promise<void> {
    return this.chain;
  }

  close(): void {
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
  }

  private async attempt(endpoint: WebhookEndpoint, event: FakeEvent, attempt: number): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    const problem = await post(endpoint.url, payload, signPayload(payload, endpoint.secret));
    if (!problem) return;
    const delay = this.retryDelaysMs[attempt];
    this.logger?.warn({ eventId: event.id, type: event.type, problem, retryInMs: delay ?? null }, 'local Stripe webhook delivery failed');
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.chain = this.chain.then(() => this.attempt(endpoint, event, attempt + 1));
    }, delay);
    timer.unref();
    this.retries.add(timer);
  }
}
