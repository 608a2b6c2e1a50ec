import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { FakeStripeError, missing, type FakeStripeEngine } from './engine.js';
import type { FakeObject, FakeSubscription, Metadata } from './objects.js';

/*
 * The HTTP face of the stand-in: the /v1 endpoints SwingFit's billing calls, answering the real
 * stripe SDK in Stripe's own formats (form-encoded requests, JSON objects and lists, error objects,
 * idempotent POSTs, `expand`). Anything else is answered 404 so a new call cannot pass untested.
 */

type Params = Record<string, any>;
interface Call {
  method: string;
  path: string[];
  params: Params;
}
type Handler = (engine: FakeStripeEngine, call: Call) => unknown;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const required = (params: Params, name: string): string => {
  const value = str(params[name]);
  if (!value) throw new FakeStripeError(400, `Missing required param: ${name}.`, 'parameter_missing', name);
  return value;
};
const metadata = (v: unknown): Metadata | undefined => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v as Params).map(([k, x]) => [k, String(x)])) : undefined);
const asList = (data: FakeObject[], url: string) => ({ object: 'list', data, has_more: false, url });
const expandList = (params: Params): string[] => {
  const e = params.expand;
  return Array.isArray(e) ? e.map(String) : typeof e === 'string' ? [e] : e && typeof e === 'object' ? Object.values(e).map(String) : [];
};

/** Replaces ids by objects along the requested paths, refusing paths Stripe would refuse. */
function expand(engine: FakeStripeEngine, object: unknown, paths: string[]): unknown {
  if (paths.length === 0) return object;
  const out = structuredClone(object) as Params;
  for (const path of paths) expandPath(engine, out, path.split('.'), path);
  return out;
}

const EXPANDABLE = new Set(['customer', 'latest_invoice', 'default_payment_method', 'pending_setup_intent', 'subscription', 'invoice', 'payment_method']);

function expandPath(engine: FakeStripeEngine, target: Params, parts: string[], whole: string): void {
  const [head, ...rest] = parts;
  if (!head) return;
  if (head === 'data' && Array.isArray(target.data)) {
    for (const item of target.data) expandPath(engine, item, rest, whole);
    return;
  }
  if (head === 'confirmation_secret' && target.object === 'invoice') {
    const pi = engine.store.data.invoiceIntents[target.id];
    const intent = pi ? engine.store.data.paymentIntents[pi] : undefined;
    target.confirmation_secret = intent && target.status === 'open' ? { client_secret: intent.client_secret, type: 'payment_intent' } : null;
    return;
  }
  if (!EXPANDABLE.has(head) || !(head in target)) throw new FakeStripeError(400, `This property cannot be expanded (${whole}).`, undefined, 'expand');
  const value = target[head];
  if (typeof value === 'string') target[head] = structuredClone(engine.store.find(value) ?? value);
  if (rest.length && target[head] && typeof target[head] === 'object') expandPath(engine, target[head], rest, whole);
}

function listSubscriptions(engine: FakeStripeEngine, params: Params) {
  const status = str(params.status);
  const customer = str(params.customer);
  const limit = Math.min(Number(params.limit ?? 10), 100);
  // Stripe's default list leaves out canceled subscriptions; status=all includes them.
  const all = Object.values(engine.store.data.subscriptions)
    .filter((s) => !customer || s.customer === customer)
    .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled' && s.status !== 'incomplete_expired'))
    .sort((a, b) => b.created - a.created);
  return asList(all.slice(0, limit), '/v1/subscriptions');
}

function listCheckoutSessions(engine: FakeStripeEngine, params: Params) {
  const status = str(params.status);
  const customer = str(params.customer);
  const limit = Math.min(Number(params.limit ?? 10), 100);
  const all = Object.values(engine.store.data.checkoutSessions)
    .filter((s) => (!customer || s.customer === customer) && (!status || s.status === status))
    .sort((a, b) => b.created - a.created);
  return asList(all.slice(0, limit), '/v1/checkout/sessions');
}

function subscriptionChange(params: Params, sub: FakeSubscription) {
  const items = params.items as Params | undefined;
  const first = items ? (Array.isArray(items) ? items[0] : items[0] ?? items['0']) : undefined;
  if (first && str(first.id) && first.id !== sub.items.data[0]!.id) throw missing('subscription item', first.id, 'items[0][id]');
  const cancel = params.cancel_at_period_end;
  const cancelAt = params.cancel_at;
  if (cancelAt !== undefined && cancelAt !== '' && !/^\d+$/.test(String(cancelAt))) throw new FakeStripeError(400, `Invalid integer: ${String(cancelAt)}`);
  return {
    ...(cancel !== undefined ? { cancelAtPeriodEnd: cancel === 'true' || cancel === true } : {}),
    // An empty value unsets it, as Stripe's form encoding does.
    ...(cancelAt !== undefined ? { cancelAt: cancelAt === '' ? null : Number(cancelAt) } : {}),
    ...(first && str(first.price) ? { price: first.price as string } : {}),
    ...(params.metadata ? { metadata: metadata(params.metadata) } : {}),
  };
}

const ROUTES: Array<[method: string, pattern: string, handler: Handler]> = [
  ['POST', 'customers', (e, c) => e.createCustomer({ email: str(c.params.email), name: str(c.params.name), metadata: metadata(c.params.metadata) })],
  ['GET', 'customers/:id', (e, c) => e.customer(c.path[1]!, 'id')],
  [
    'POST',
    'checkout/sessions',
    (e, c) => {
      if (c.params.mode !== 'subscription') throw new FakeStripeError(400, 'Only mode=subscription is supported by the local stand-in.', undefined, 'mode');
      const line = Array.isArray(c.params.line_items) ? c.params.line_items[0] : c.params.line_items?.[0];
      if (!line || !str(line.price)) throw new FakeStripeError(400, 'Missing required param: line_items[0][price].', 'parameter_missing', 'line_items');
      return e.createCheckoutSession({
        customer: required(c.params, 'customer'),
        price: line.price,
        successUrl: required(c.params, 'success_url'),
        cancelUrl: str(c.params.cancel_url),
        clientReferenceId: str(c.params.client_reference_id),
        metadata: metadata(c.params.metadata),
        subscriptionMetadata: metadata(c.params.subscription_data?.metadata),
      });
    },
  ],
  ['GET', 'checkout/sessions', (e, c) => listCheckoutSessions(e, c.params)],
  ['POST', 'checkout/sessions/:id/expire', (e, c) => e.expireCheckoutSession(c.path[2]!)],
  ['GET', 'checkout/sessions/:id', (e, c) => e.store.data.checkoutSessions[c.path[2]!] ?? (() => { throw missing('checkout.session', c.path[2]!); })()],
  ['GET', 'subscriptions', (e, c) => listSubscriptions(e, c.params)],
  ['GET', 'subscriptions/:id', (e, c) => e.subscription(c.path[1]!)],
  [
    'POST',
    'subscriptions',
    (e, c) => {
      if (c.params.payment_behavior !== 'default_incomplete') throw new FakeStripeError(400, 'The local stand-in creates subscriptions with payment_behavior=default_incomplete only.', undefined, 'payment_behavior');
      const items = c.params.items;
      const first = Array.isArray(items) ? items[0] : items?.[0];
      if (!first || !str(first.price)) throw new FakeStripeError(400, 'Missing required param: items[0][price].', 'parameter_missing', 'items');
      return e.createSubscription({ customer: required(c.params, 'customer'), price: first.price, metadata: metadata(c.params.metadata), paid: false });
    },
  ],
  ['POST', 'subscriptions/:id', (e, c) => e.updateSubscription(c.path[1]!, subscriptionChange(c.params, e.subscription(c.path[1]!)))],
  ['DELETE', 'subscriptions/:id', (e, c) => e.cancelSubscription(c.path[1]!)],
  ['POST', 'billing_portal/sessions', (e, c) => e.createPortalSession(required(c.params, 'customer'), str(c.params.return_url))],
  ['GET', 'payment_methods/:id', (e, c) => e.store.data.paymentMethods[c.path[1]!] ?? (() => { throw missing('payment_method', c.path[1]!); })()],
  ['GET', 'invoices/:id', (e, c) => e.store.data.invoices[c.path[1]!] ?? (() => { throw missing('invoice', c.path[1]!); })()],
];

function route(method: string, path: string[]): Handler | undefined {
  for (const [m, pattern, handler] of ROUTES) {
    const parts = pattern.split('/');
    if (m === method && parts.length === path.length && parts.every((p, i) => p.startsWith(':') || p === path[i])) return handler;
  }
  return undefined;
}

interface Remembered {
  fingerprint: string;
  status: number;
  body: string;
}

/** Stripe's idempotency: the same key and parameters replay the first answer; other parameters are refused. */
export class IdempotencyCache {
  private readonly answers = new Map<string, Remembered>();
  get(key: string): Remembered | undefined {
    return this.answers.get(key);
  }
  set(key: string, value: Remembered): void {
    this.answers.set(key, value);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: string, requestId: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': '2025-10-29.clover' });
  res.end(body);
}

const errorBody = (e: FakeStripeError) => JSON.stringify({ error: { type: e.type, message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.param ? { param: e.param } : {}) } });

/** The request handler of the stand-in's HTTP server. `afterChange` runs after every successful write (persistence). */
export function fakeStripeApi(engine: FakeStripeEngine, secretKey: string, afterChange: () => void) {
  const idempotency = new IdempotencyCache();
  let requests = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = `req_local_${++requests}`;
    try {
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }), requestId);
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname.replace(/^\/v1\//, '').split('/').filter(Boolean);
      const method = req.method ?? 'GET';
      const raw = method === 'GET' ? url.search.slice(1) : await readBody(req);
      const params = qs.parse(raw, { depth: 10, arrayLimit: 100 }) as Params;
      const handler = url.pathname.startsWith('/v1/') ? route(method, path) : undefined;
      if (!handler) throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in does not offer it.`);

      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
      if (typeof key === 'string') {
        const seen = idempotency.get(key);
        if (seen && seen.fingerprint !== fingerprint) {
          throw new FakeStripeError(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`, undefined, undefined, 'idempotency_error');
        }
        if (seen) {
          res.setHeader('idempotent-replayed', 'true');
          return send(res, seen.status, seen.body, requestId);
        }
      }
      const before = engine.emitted;
      engine.processDue();
      const body = JSON.stringify(expand(engine, handler(engine, { method, path, params }), expandList(params)));
      if (typeof key === 'string') idempotency.set(key, { fingerprint, status: 200, body });
      if (method !== 'GET' || engine.emitted !== before) afterChange();
      return send(res, 200, body, requestId);
    } catch (error) {
      if (error instanceof FakeStripeError) return send(res, error.status, errorBody(error), requestId);
      return send(res, 500, JSON.stringify({ error: { type: 'api_error', message: (error as Error).message } }), requestId);
    }
  };
}
