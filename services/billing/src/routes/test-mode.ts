import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { type App, internalUserId, requireInternalCaller, validationAnswer } from '@swingfit/server-kit';
import type { BillingDeps } from '../deps.js';
import { userIdForCustomer } from '../db/customers.js';
import { currentSubscription } from '../domain/subscription-state.js';
import { TEST_MODE_PATH } from '../services/provider.js';
import { FakeStripeError, type FakeStripe } from '../stripe-fake/index.js';
import { TEST_MODE_CSS } from '../test-mode/style.js';
import { checkoutPage, messagePage, notFoundPage, portalPage } from '../test-mode/pages.js';

const IdParam = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_]{1,80}$' }) });
const DecliningBody = Type.Object({ declining: Type.Union([Type.Literal('on'), Type.Literal('off')]) });
/** After "move to the end of this period", the clock stands just past the boundary. */
const PAST_BOUNDARY_SECONDS = 60;

const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * Local test mode's hosted checkout and portal pages (only registered without Stripe keys). The gateway
 * forwards /billing/test-mode/* for a signed-in golfer; a page opens only for the golfer whose customer
 * it belongs to. Actions are plain form posts (the gateway's same-origin guard covers them).
 */
export function testModeRoutes(deps: BillingDeps, fake: FakeStripe) {
  const base = TEST_MODE_PATH;
  const d = fake.store.data;
  const owns = async (customer: string | undefined, userId: number) => customer !== undefined && (await userIdForCustomer(deps.db, customer)) === userId;

  return async (app: App) => {
    // The stylesheet carries nothing private: no session needed (the gateway still only forwards signed-in requests).
    app.get(`${base}/assets/test-mode.css`, async (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(TEST_MODE_CSS));

    await app.register(async (pages: App) => {
      pages.addHook('onRequest', requireInternalCaller(deps.config.INTERNAL_TOKEN, { golfer: true }));
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

      pages.get(`${base}/checkout/:id`, { schema: { params: IdParam } }, async (request, reply) => {
        const session = d.checkoutSessions[request.params.id];
        if (!session || !(await owns(session.customer, internalUserId(request)))) return html(reply, notFoundPage(base), 404);
        return html(reply, checkoutPage(base, session, d.checkoutLines[session.id]!.price, deps.prices));
      });

      pages.post(`${base}/checkout/:id/pay`, { schema: { params: IdParam } }, async (request, reply) => {
        const session = d.checkoutSessions[request.params.id];
        if (!session || !(await owns(session.customer, internalUserId(request)))) return html(reply, notFoundPage(base), 404);
        try {
          // Like Stripe, the webhooks go out before the browser is sent back (their first attempt, at least).
          return reply.redirect(await fake.act(() => fake.engine.completeCheckout(session.id)), 303);
        } catch (error) {
          if (!(error instanceof FakeStripeError)) throw error;
          return html(reply, checkoutPage(base, session, d.checkoutLines[session.id]!.price, deps.prices, error.message), 400);
        }
      });

      pages.get(`${base}/portal/:id`, { schema: { params: IdParam } }, async (request, reply) => {
        const portal = d.portalSessions[request.params.id];
        if (!portal || !(await owns(portal.customer, internalUserId(request)))) return html(reply, notFoundPage(base), 404);
        fake.engine.processDue();
        const subscription = currentSubscription(Object.values(d.subscriptions).filter((s) => s.customer === portal.customer));
        const card = subscription?.default_payment_method ? d.paymentMethods[subscription.default_payment_method] : undefined;
        return html(
          reply,
          portalPage({ base, portalId: portal.id, returnUrl: portal.return_url, subscription, card, declining: d.decliningCustomers[portal.customer] === true, clock: fake.store.now(), prices: deps.prices }),
        );
      });

      const portalAction = (name: string, act: (customer: string, body: Record<string, string>) => void) =>
        pages.post(`${base}/portal/:id/${name}`, { schema: { params: IdParam } }, async (request, reply) => {
          const portal = d.portalSessions[request.params.id];
          if (!portal || !(await owns(portal.customer, internalUserId(request)))) return html(reply, notFoundPage(base), 404);
          await fake.act(() => act(portal.customer, (request.body ?? {}) as Record<string, string>));
          return reply.redirect(`${base}/portal/${portal.id}`, 303);
        });

      const liveSubscription = (customer: string) => {
        const s = currentSubscription(Object.values(d.subscriptions).filter((x) => x.customer === customer));
        if (!s || (s.status !== 'active' && s.status !== 'past_due')) throw new FakeStripeError(400, 'No live subscription');
        return s;
      };
      portalAction('cancel', (customer) => fake.engine.updateSubscription(liveSubscription(customer).id, { cancelAtPeriodEnd: true }));
      portalAction('resume', (customer) => fake.engine.updateSubscription(liveSubscription(customer).id, { cancelAtPeriodEnd: false }));
      portalAction('advance-clock', (customer) => fake.engine.advanceClock(liveSubscription(customer).items.data[0]!.current_period_end + PAST_BOUNDARY_SECONDS));
      portalAction('declining', (customer, body) => {
        const parsed = DecliningBody.properties.declining.anyOf.some((l) => l.const === body.declining);
        if (!parsed) throw new FakeStripeError(400, 'declining must be on or off');
        fake.engine.setDeclining(customer, body.declining === 'on');
      });
      type Failure = Error & { statusCode?: number } & Partial<Parameters<typeof validationAnswer>[0]>;
      pages.setErrorHandler((error: Failure, request, reply) => {
        if (error instanceof FakeStripeError) return html(reply, messagePage(base, 'That did not work', error.message), error.status);
        // A malformed page id, in the words of every other refusal rather than the id's pattern.
        if (error.validation) return reply.status(400).send(validationAnswer({ ...error, validation: error.validation }));
        if (error.statusCode && error.statusCode < 500) return reply.status(error.statusCode).send({ message: error.message });
        request.log.error({ err: error }, 'test mode page failed');
        return reply.status(500).send({ message: 'Internal server error' });
      });
    });
  };
}
