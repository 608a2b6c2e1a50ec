import { CreditCard, FlaskConical, IdCard } from 'lucide-react';
import type { User } from '@swingfit/contracts';
import { useBillingConfig, useSubscriptionDetails } from '../../api/billing';
import { formatDate } from '../../lib/format';
import { Card, CardHeader, DetailList, ErrorState, Spinner, type DetailRow } from '../../components/ui';

/** Account Details: what identifies the account (email and plan are shown once, in their own sections). */
export function AccountDetails({ user }: { user: User }) {
  const rows: DetailRow[] = [
    { label: 'Member since', value: formatDate(user.createdAt) },
    { label: 'User ID', value: String(user.id) },
    { label: 'Sign-in', value: user.authProvider === 'local' ? 'Email and password' : 'Single sign-on' },
  ];
  return (
    <Card aria-label="Account Details">
      <CardHeader icon={<IdCard size={18} color="var(--sf-green-600)" aria-hidden />} title="Account Details" />
      <DetailList rows={rows} />
    </Card>
  );
}

/** A Premium golfer's card that could not be read: not 'No payment method on file', which is untrue. */
export const PAYMENT_INFO_FAILED = 'Unable to load your payment information.';

/** Payment Information: the card Stripe charges for Premium (brand, last four, expiry; never more), or none. */
export function PaymentInformation({ isPremium }: { isPremium: boolean }) {
  const details = useSubscriptionDetails();
  const config = useBillingConfig();
  const card = isPremium ? details.data?.paymentMethod : null;
  const testMode = config.data?.mode === 'local-test';
  return (
    <Card aria-label="Payment Information">
      <CardHeader icon={<CreditCard size={18} color="var(--sf-green-600)" aria-hidden />} title="Payment Information" />
      {card ? (
        <div className="sub-card-line">
          <span className="sub-card-line__brand" aria-hidden>
            {card.brand.slice(0, 4)}
          </span>
          <span style={{ flex: 1 }}>
            <b>
              {card.brand.charAt(0).toUpperCase() + card.brand.slice(1)} •••• {card.last4}
            </b>
            {testMode && <span className="sf-muted"> (test card)</span>}
            <span className="sf-muted sf-small" style={{ display: 'block' }}>
              {card.expMonth && card.expYear ? `Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}. ` : ''}Change it in Manage Subscription.
            </span>
          </span>
        </div>
      ) : isPremium && details.isError && !details.data ? (
        <ErrorState title={PAYMENT_INFO_FAILED} onRetry={() => void details.refetch()} />
      ) : isPremium && details.isLoading ? (
        <Spinner size="sm" />
      ) : (
        <p className="sf-muted sf-small">No payment method on file</p>
      )}
      {testMode && (
        <p className="sub-testmode" role="note" style={{ marginTop: 12 }}>
          <FlaskConical size={16} aria-hidden style={{ flex: 'none' }} />
          <span>Test mode: payments on this server are simulated. No real card is charged.</span>
        </p>
      )}
    </Card>
  );
}
