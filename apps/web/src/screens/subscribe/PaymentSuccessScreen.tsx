import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, SearchX, Upload, UserRound } from 'lucide-react';
import { TIMING_MS } from '@swingfit/contracts';
import { refreshAccount, refreshSubscription } from '../../api/billing';
import { useAuth } from '../../hooks/useAuth';
import { Button, Card, Spinner, buttonClass } from '../../components/ui';
import { FeatureList } from './SubscribeScreen';
import './subscribe.css';

/**
 * Waits for Premium after a payment (spec sections 2 and 4): first look after 2 s (user data, then the
 * refresh call that makes the server ask Stripe), then the user record every 3 s; after 30 s the spinner
 * stops and the golfer can look again or check the profile.
 */
function useWaitForPremium(userId: number | undefined, isPremium: boolean, round: number): boolean {
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (userId === undefined || isPremium) return;
    setGaveUp(false);
    const timers: number[] = [];
    let poll: number | undefined;
    // Not awaited: a read that hangs must not hold up the polling behind it.
    const check = () => void refreshAccount(queryClient, userId);
    timers.push(
      window.setTimeout(async () => {
        check();
        await refreshSubscription().catch(() => undefined);
        check();
        poll = window.setInterval(check, TIMING_MS.paymentSuccessPoll);
        timers.push(window.setTimeout(() => (window.clearInterval(poll), setGaveUp(true)), TIMING_MS.paymentSuccessGiveUp));
      }, TIMING_MS.paymentSuccessDelay),
    );
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      if (poll !== undefined) window.clearInterval(poll);
    };
  }, [userId, isPremium, round, queryClient]);
  return gaveUp;
}

function Welcome() {
  return (
    <div className="sf-stack">
      <section className="sub-hero">
        <div className="sub-hero__icon sub-hero__icon--done" aria-hidden>
          <Crown size={30} />
        </div>
        <h1 className="sub-title">Welcome to Premium!</h1>
        <p className="sub-lead">Your subscription is active. Here's what you can do now:</p>
      </section>
      <Card>
        <FeatureList />
      </Card>
      <div className="sub-actions">
        <Link to="/upload" className={buttonClass('primary', 'lg', true)}>
          <Upload size={18} /> Upload a Swing Video
        </Link>
        <Link to="/profile" className={buttonClass('outline', 'md', true)}>
          <UserRound size={16} /> View Your Profile
        </Link>
      </div>
    </div>
  );
}

function Processing() {
  const { user } = useAuth();
  const [round, setRound] = useState(0);
  const gaveUp = useWaitForPremium(user?.id, user?.isPremium ?? false, round);
  if (user?.isPremium) return <Welcome />;
  return (
    <Card className="sub-waiting" aria-live="polite">
      {gaveUp ? (
        <>
          <h1 className="sub-title">Still Confirming Your Payment</h1>
          <p className="sub-lead">Your payment is being confirmed with our payment provider. This can take a minute; Premium appears on your profile as soon as it's done.</p>
          <div className="sub-actions" style={{ width: '100%' }}>
            <Button block onClick={() => setRound((n) => n + 1)}>
              Check Again
            </Button>
            <Link to="/profile" className={buttonClass('outline', 'md', true)}>
              Go to Profile
            </Link>
          </div>
        </>
      ) : (
        <>
          <Spinner size="lg" label="" />
          <h1 className="sub-title">Processing Your Subscription</h1>
          <p className="sub-lead">We're confirming your payment. This only takes a few seconds.</p>
        </>
      )}
    </Card>
  );
}

/** /payment-success?session_id=...: 'Processing Your Subscription', then 'Welcome to Premium!'. */
export function PaymentSuccessScreen() {
  const [params] = useSearchParams();
  if (!params.get('session_id')) {
    return (
      <Card className="sub-waiting" role="alert">
        <div className="sf-state__icon" aria-hidden>
          <SearchX size={22} />
        </div>
        {/* The heading does not say the sentence under it again ('Payment Session Not Found' / 'Payment session not found. …'). */}
        <h1 className="sub-title">No Payment to Confirm</h1>
        <p className="sub-lead">Payment session not found. Please check your profile to verify subscription status.</p>
        <Link to="/profile" className={buttonClass('primary', 'md', true)}>
          Go to Profile
        </Link>
      </Card>
    );
  }
  return <Processing />;
}
