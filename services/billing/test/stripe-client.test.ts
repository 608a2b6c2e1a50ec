import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripe } from '../src/services/stripe-client.js';

// A local stand-in for api.stripe.com: the real SDK talks to it when STRIPE_API_BASE points there.
let server: ReturnType<typeof createServer>;
let base: string;
const seen: Array<Pick<IncomingMessage, 'method' | 'url'> & { auth?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: 'cus_fake', object: 'customer', email: 'golfer@example.com' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('createStripe', () => {
  it('is null without a secret key', () => {
    expect(createStripe({ STRIPE_SECRET_KEY: '', STRIPE_API_BASE: base })).toBeNull();
  });

  it('sends the SDK’s requests to STRIPE_API_BASE', async () => {
    const stripe = createStripe({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_BASE: base })!;
    const customer = await stripe.customers.retrieve('cus_fake');
    expect(customer.id).toBe('cus_fake');
    expect(seen).toEqual([{ method: 'GET', url: '/v1/customers/cus_fake', auth: 'Bearer sk_test_local' }]);
  });
});
