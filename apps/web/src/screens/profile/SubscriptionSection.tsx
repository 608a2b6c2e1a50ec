import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, RefreshCw, Settings } from 'lucide-react';
import { PRICES, type Plan, type SubscriptionDetails, type User } from '@swingfit/contracts';
import { openCustomerPortal, refreshAccount, refreshSubscription, startCheckout, upgradeSubscription, useSubscriptionDetails } from '../../api/billing';
import { errorText } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { Badge, Button, Card, CardHeader, DetailList, ErrorState, Spinner, toast, type DetailRow } from '../../components/ui';
import { PlanPicker } from '../subscribe/PlanPicker';
import { TOASTS, submitLabel } from '../subscribe/payment-logic';
import { useCheckoutReturn } from './useCheckoutReturn';
import '../subscribe/subscribe.css';
import { SUBSCRIPTION_SECTION_ID } from '../../lib/routes';

/** A Premium golfer's subscription that could not be read: not 'Active · Renews on', which may be untrue (a cancelled plan). */
export const SUBSCRIPTION_DETAILS_FAILED = 'Unable to load your subscription details.';

/** Plan, status and the date that matters (renewal or end), in plain words. */
function statusRows(user: User, s: SubscriptionDetails | undefined): DetailRow[] {
  const plan = s?.plan ? `Premium ${PRICES[s.plan].name} · ${PRICES[s.plan].label}` : user.isPremium ? 'Premium' : 'Free';
  if (!user.isPremium) {
    const ended = s && (s.status === 'canceled' || s.status === 'unpaid') && s.currentPeriodEnd;
    return [{ label: 'Plan', value: 'Free' }, ...(ended ? [{ label: 'Premium ended', value: formatDate(s.currentPeriodEnd) }] : [])];
  }
  if (s?.cancelAtPeriodEnd) {
    return [
      { label: 'Plan', value: plan },
      { label: 'Status', value: 'Cancelled', tone: 'sub-status--warn' },
      { label: 'Premium until', value: formatDate(s.premiumEndsAt ?? s.currentPeriodEnd) },
    ];
  }
  if (s?.status === 'past_due') {
    return [
      { label: 'Plan', value: plan },
      { label: 'Status', value: 'Payment retrying', tone: 'sub-status--bad' },
      { label: 'Paid until', value: formatDate(s.currentPeriodEnd) },
    ];
  }
  return [
    { label: 'Plan', value: plan },
    { label: 'Status', value: 'Active' },
    { label: 'Renews on', value: formatDate(s?.currentPeriodEnd ?? user.subscriptionEndDate) },
  ];
}

function PremiumActions({ user, s }: { user: User; s: SubscriptionDetails | undefined }) {
  const queryClient = useQueryClient();
  const portal = useMutation({ mutationFn: openCustomerPortal, onError: () => toast({ title: 'Portal Error', description: 'Failed to open customer portal', variant: 'destructive' }) });
  const change = useMutation({
    mutationFn: (plan: Plan) => upgradeSubscription(user.id, plan),
    onSuccess: async (res) => {
      await refreshAccount(queryClient, user.id);
      toast(TOASTS.upgraded(res.message));
    },
    onError: () => toast(TOASTS.upgradeFailed),
  });
  return (
    <div className="sub-actions">
      <Button block loading={portal.isPending} onClick={() => portal.mutate()}>
        <Settings size={16} /> Manage Subscription
      </Button>
      {s?.cancelAtPeriodEnd && s.plan && (
        <Button variant="outline" block loading={change.isPending} onClick={() => change.mutate(s.plan!)}>
          Resume Subscription
        </Button>
      )}
      {!s?.cancelAtPeriodEnd && s?.plan === 'monthly' && (
        <Button variant="outline" block loading={change.isPending} onClick={() => change.mutate('annual')}>
          Switch to Annual · Save {PRICES.annual.savingPercent}%
        </Button>
      )}
    </div>
  );
}

function FreeActions() {
  const [plan, setPlan] = useState<Plan>('annual');
  const checkout = useMutation({ mutationFn: () => startCheckout(plan, 'profile'), onError: (error) => toast(TOASTS.subscriptionError(error)) });
  return (
    <div className="sub-actions">
      <p className="sf-muted sf-small">Upgrade for weekly club-specific uploads, unlimited workouts, exercise tracking and rewards.</p>
      <PlanPicker plan={plan} onChange={setPlan} disabled={checkout.isPending} />
      <Button block loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate()}>
        <Crown size={16} /> {submitLabel(plan)}
      </Button>
    </div>
  );
}

/** The profile's Subscription section: plan, status, renewal or end date, the portal, and Refresh. */
export function SubscriptionSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const details = useSubscriptionDetails();
  const confirming = useCheckoutReturn(user.id, user.isPremium);
  const refresh = useMutation({
    mutationFn: refreshSubscription,
    onSuccess: async (res) => {
      await refreshAccount(queryClient, user.id);
      toast({ title: 'Subscription Refreshed', description: res.message });
    },
    onError: (error) => toast({ title: 'Refresh Failed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
  });

  return (
    <Card aria-label="Subscription" id={SUBSCRIPTION_SECTION_ID}>
      <CardHeader
        icon={<Crown size={18} color="var(--sf-amber)" aria-hidden />}
        title="Subscription"
        action={user.isPremium ? <Badge variant="premium">Premium</Badge> : <Badge variant="neutral">Free</Badge>}
      />
      {confirming && (
        <p className="sf-row sf-small sf-muted" role="status" style={{ marginBottom: 12 }}>
          <Spinner size="sm" label="" /> Confirming your payment…
        </p>
      )}
      {user.isPremium && details.isError && !details.data ? (
        <>
          <DetailList rows={[{ label: 'Plan', value: 'Premium' }]} />
          <ErrorState title={SUBSCRIPTION_DETAILS_FAILED} onRetry={() => void details.refetch()} />
        </>
      ) : (
        <DetailList rows={statusRows(user, details.data)} />
      )}
      {user.isPremium ? <PremiumActions user={user} s={details.data} /> : <FreeActions />}
      <Button variant="ghost" size="sm" block loading={refresh.isPending} onClick={() => refresh.mutate()} style={{ marginTop: 8 }}>
        <RefreshCw size={14} /> Refresh subscription status
      </Button>
    </Card>
  );
}
