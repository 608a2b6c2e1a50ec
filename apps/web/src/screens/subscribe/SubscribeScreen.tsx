import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Check, Crown, FlaskConical, Lock } from 'lucide-react';
import type { Plan } from '@swingfit/contracts';
import { startCheckout, useBillingConfig } from '../../api/billing';
import { useAuth } from '../../hooks/useAuth';
import { Button, Card, ErrorState, Spinner, buttonClass, toast } from '../../components/ui';
import { PlanPicker } from './PlanPicker';
import { PREMIUM_FEATURES, TOASTS, submitLabel, takeStoredSubscription } from './payment-logic';
import './subscribe.css';

// Stripe.js and Elements load only on this path, and only with real keys: test mode never contacts Stripe.
const StripePayment = lazy(() => import('./StripePayment'));

/**
 * Said under the payment card only with real Stripe keys: in local test mode the card above says payments are
 * simulated on this server, and 'Payments are handled by Stripe' below it contradicted that.
 */
export const STRIPE_HANDLES_PAYMENTS = 'Payments are handled by Stripe.';
export const CANCEL_ANY_TIME = 'Cancel any time; Premium lasts to the end of the paid period.';

export function FeatureList() {
  return (
    <ul className="sub-features">
      {PREMIUM_FEATURES.map((f) => (
        <li key={f}>
          <span className="sub-features__tick" aria-hidden>
            <Check size={14} />
          </span>
          {f}
        </li>
      ))}
    </ul>
  );
}

/** Local test mode: the same plan choice, then the local checkout page (clearly a test, no card details). */
function TestModeCheckout({ plan }: { plan: Plan }) {
  const [pending, setPending] = useState(false);
  const go = async () => {
    setPending(true);
    try {
      await startCheckout(plan, 'payment-success');
    } catch (error) {
      toast(TOASTS.subscriptionError(error));
      setPending(false);
    }
  };
  return (
    <div className="sub-form">
      <p className="sub-testmode" role="note">
        <FlaskConical size={16} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
        <span>
          <b>Test mode.</b> Payments are simulated on this server: you'll confirm on a test checkout page, with no card details and no real charge.
        </span>
      </p>
      <Button size="lg" block loading={pending} onClick={go}>
        {submitLabel(plan)}
      </Button>
    </div>
  );
}

/** /subscribe: 'Upgrade to Premium', the plan choice and the card form (spec sections 2, 4 and 8). */
export function SubscribeScreen() {
  const { user } = useAuth();
  const config = useBillingConfig();
  // A form the golfer left for Stripe (a bank check) comes back with its subscription: read once, then cleared.
  const [stored] = useState(() => takeStoredSubscription());
  const [plan, setPlan] = useState<Plan>(stored?.plan ?? 'annual');

  if (user?.isPremium) {
    return (
      <Card className="sub-waiting">
        <div className="sub-hero__icon sub-hero__icon--done" aria-hidden>
          <Crown size={28} />
        </div>
        <h1 className="sub-title">You're already Premium</h1>
        <p className="sub-lead">Manage your plan, card and renewal from your profile.</p>
        <Link to="/profile" className={buttonClass('primary', 'md', true)}>
          Go to Profile
        </Link>
      </Card>
    );
  }

  return (
    <div className="sf-stack">
      <Link to="/profile" className="sf-row sf-small sf-muted" style={{ textDecoration: 'none' }}>
        <ArrowLeft size={16} aria-hidden /> Back to Profile
      </Link>
      <section className="sub-hero">
        <div className="sub-hero__icon" aria-hidden>
          <Crown size={30} />
        </div>
        <h1 className="sub-title">Upgrade to Premium</h1>
        <p className="sub-lead">Train with everything SwingFit has, on the plan that suits you.</p>
      </section>
      <Card>
        <FeatureList />
      </Card>
      <PlanPicker plan={plan} onChange={setPlan} />
      <Card aria-label="Payment">
        {config.isLoading && (
          <div className="sub-waiting">
            <Spinner label="Loading payment options" />
          </div>
        )}
        {config.isError && <ErrorState title="Payments Unavailable" text="We couldn't load the payment options. Please try again." onRetry={() => config.refetch()} />}
        {config.data?.mode === 'local-test' && <TestModeCheckout plan={plan} />}
        {config.data?.mode === 'stripe' && config.data.publishableKey && (
          <Suspense
            fallback={
              <div className="sub-waiting">
                <Spinner label="Loading the secure card form" />
              </div>
            }
          >
            <StripePayment publishableKey={config.data.publishableKey} plan={plan} stored={stored?.plan === plan ? stored : null} />
          </Suspense>
        )}
      </Card>
      <p className="sub-secure">
        <Lock size={12} aria-hidden /> {config.data?.mode === 'stripe' ? `${STRIPE_HANDLES_PAYMENTS} ` : ''}
        {CANCEL_ANY_TIME}
      </p>
    </div>
  );
}
