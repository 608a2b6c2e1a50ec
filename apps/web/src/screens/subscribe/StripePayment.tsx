import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { Plan } from '@swingfit/contracts';
import { reportPaymentSucceeded, requestSubscription } from '../../api/billing';
import { errorText } from '../../lib/errors';
import { Button, ErrorState, Spinner, toast } from '../../components/ui';
import { TOASTS, clearStoredSubscription, mentionsSetupIntent, secretKind, storeSubscription, submitLabel, type StoredSubscription } from './payment-logic';

/*
 * The card form with real Stripe keys: Stripe.js from js.stripe.com with the publishable key, the Payment
 * Element for the subscription's first invoice (pi_) or its SetupIntent (seti_), confirmed in place and
 * redirected only when the bank requires it.
 */

let stripeLoad: { key: string; promise: Promise<Stripe | null> } | undefined;
const stripeFor = (key: string) => {
  if (stripeLoad?.key !== key) stripeLoad = { key, promise: loadStripe(key) };
  return stripeLoad.promise;
};

type Outcome = { ok: true; kind: 'setup' | 'payment' } | { ok: false };

async function confirm(stripe: Stripe, elements: StripeElements, clientSecret: string, returnUrl: string): Promise<Outcome> {
  const confirmParams = { return_url: returnUrl };
  const setup = async (): Promise<Outcome> => {
    const { error } = await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' });
    if (!error) return { ok: true, kind: 'setup' };
    toast(TOASTS.setupFailed(error.message));
    return { ok: false };
  };
  if (secretKind(clientSecret) === 'setup') return setup();
  const { error } = await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
  if (!error) return { ok: true, kind: 'payment' };
  // The subscription needed no payment after all (a SetupIntent stands behind it): confirm that instead.
  if (mentionsSetupIntent(error.message)) return setup();
  toast(TOASTS.paymentFailed(error.message));
  return { ok: false };
}

function PaymentForm({ plan, subscription }: { plan: Plan; subscription: StoredSubscription }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const back = `/payment-success?session_id=${encodeURIComponent(subscription.subscriptionId)}`;
    try {
      const outcome = await confirm(stripe, elements, subscription.clientSecret, `${window.location.origin}${back}`);
      if (!outcome.ok) return;
      clearStoredSubscription();
      toast(outcome.kind === 'setup' ? TOASTS.setupSucceeded : TOASTS.paymentSucceeded);
      // A hint only: if it fails, Stripe's webhook tells the server anyway.
      await reportPaymentSucceeded().catch(() => undefined);
      navigate(back);
    } catch {
      toast(TOASTS.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sub-form" onSubmit={submit}>
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" block loading={busy} disabled={!stripe || !elements}>
        {submitLabel(plan)}
      </Button>
    </form>
  );
}

export default function StripePayment({ publishableKey, plan, stored }: { publishableKey: string; plan: Plan; stored: StoredSubscription | null }) {
  const [subscription, setSubscription] = useState<StoredSubscription | null>(stored);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const stripePromise = useMemo(() => stripeFor(publishableKey), [publishableKey]);

  useEffect(() => {
    if (subscription?.plan === plan) return;
    let current = true;
    setSubscription(null);
    setFailure(null);
    requestSubscription(plan)
      .then((s) => {
        if (!current) return;
        const data = { clientSecret: s.clientSecret, plan: s.plan, subscriptionId: s.subscriptionId };
        storeSubscription(data);
        setSubscription(data);
      })
      .catch((error) => current && setFailure(errorText(error)));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new plan needs a new subscription; the held one is compared inside
  }, [plan, attempt]);

  if (failure) return <ErrorState title="Payment Setup Failed" text={failure} onRetry={() => setAttempt((n) => n + 1)} />;
  // Spinner until a client secret exists (spec section 2).
  if (!subscription) {
    return (
      <div className="sub-waiting">
        <Spinner label="Preparing secure payment" />
        <p className="sf-muted sf-small">Preparing secure payment…</p>
      </div>
    );
  }
  return (
    <Elements key={subscription.clientSecret} stripe={stripePromise} options={{ clientSecret: subscription.clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#14603f', borderRadius: '10px' } } }}>
      <PaymentForm plan={plan} subscription={subscription} />
    </Elements>
  );
}
