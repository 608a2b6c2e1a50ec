import { PRICES, type Plan } from '@swingfit/contracts';
import { ApiError } from '../../api/client';
import { errorText } from '../../lib/errors';

/* Pure rules of the subscribe and payment-success screens (spec sections 2, 4 and 8). */

/** What Premium gives, as the screens list it (spec section 1). */
export const PREMIUM_FEATURES = [
  'Weekly Driver and 7-Iron swing uploads',
  'Down-the-line video analysis',
  'Unlimited personalised workouts',
  'Exercise tracking, history and completion rewards',
  'Exercise videos and advanced analytics',
] as const;

export const submitLabel = (plan: Plan) => `Subscribe to Premium - ${PRICES[plan].label}`;

/** The annual plan's price per month, the figure people compare. */
export const annualPerMonth = () => `$${(PRICES.annual.amountCents / 12 / 100).toFixed(2)}`;

/** Stripe's client secret of a SetupIntent starts 'seti_'; anything else confirms a payment. */
export const secretKind = (clientSecret: string): 'setup' | 'payment' => (clientSecret.startsWith('seti_') ? 'setup' : 'payment');

/** A payment confirmation that fails because the secret belongs to a SetupIntent is retried as a setup. */
export const mentionsSetupIntent = (message: string | undefined) => /setupintent/i.test(message ?? '');

export const TOASTS = {
  setupFailed: (message?: string) => ({ title: 'Payment Setup Failed', description: message || 'Failed to set up payment method', variant: 'destructive' as const }),
  paymentFailed: (message?: string) => ({ title: 'Payment Failed', description: message || 'Something went wrong with the payment', variant: 'destructive' as const }),
  unexpected: { title: 'Payment Error', description: 'An unexpected error occurred. Please try again.', variant: 'destructive' as const },
  setupSucceeded: { title: 'Payment Setup Successful', description: 'Welcome to SwingFit Premium!' },
  paymentSucceeded: { title: 'Payment Successful', description: 'Welcome to SwingFit Premium!' },
  upgraded: (message: string) => ({ title: 'Subscription Upgraded!', description: `Welcome to Premium. ${message}` }),
  upgradeFailed: { title: 'Upgrade Failed', description: 'Please try again later.', variant: 'destructive' as const },
  subscriptionError: (error: unknown) => ({ title: 'Subscription Error', description: subscriptionErrorText(error), variant: 'destructive' as const }),
};

/**
 * Section 8: a checkout that fails says the server's reason, else its HTTP error status (in words a golfer
 * can pass on to support), else what went wrong on the device ('No checkout URL received from server').
 */
export function subscriptionErrorText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : null;
  return errorText(error, status === null ? undefined : `The payment service could not start the checkout (HTTP error status ${status}). Please try again.`);
}

/** The subscription data held on the device between leaving and coming back (spec section 3): read once, then cleared. */
export interface StoredSubscription {
  clientSecret: string;
  plan: Plan;
  subscriptionId: string;
}

const STORE_KEY = 'swingfit.subscription';

export function storeSubscription(data: StoredSubscription): void {
  try {
    window.sessionStorage.setItem(STORE_KEY, JSON.stringify(data));
  } catch {
    /* private mode: the form asks the server again */
  }
}

export function takeStoredSubscription(): StoredSubscription | null {
  try {
    const raw = window.sessionStorage.getItem(STORE_KEY);
    window.sessionStorage.removeItem(STORE_KEY);
    const data = raw ? (JSON.parse(raw) as Partial<StoredSubscription>) : null;
    return data && typeof data.clientSecret === 'string' && (data.plan === 'monthly' || data.plan === 'annual') && typeof data.subscriptionId === 'string' ? (data as StoredSubscription) : null;
  } catch {
    return null;
  }
}

export const clearStoredSubscription = () => void takeStoredSubscription();
