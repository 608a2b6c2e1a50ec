import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_CONFIG_KEY } from '../src/api/billing';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { SubscribeScreen } from '../src/screens/subscribe/SubscribeScreen';
import { PaymentSuccessScreen } from '../src/screens/subscribe/PaymentSuccessScreen';
import { mentionsSetupIntent, secretKind, storeSubscription, submitLabel, subscriptionErrorText, takeStoredSubscription } from '../src/screens/subscribe/payment-logic';
import { ApiError } from '../src/api/client';
import { CONNECTION_PROBLEM } from '../src/lib/errors';
import { resetToasts } from '../src/components/ui/toast';
import { makeUser, testQueryClient, wrap } from './helpers';

afterEach(() => {
  act(() => resetToasts());
  window.sessionStorage.clear();
});

describe('payment rules', () => {
  it('labels the submit button with the plan’s price (spec section 2)', () => {
    expect(submitLabel('annual')).toBe('Subscribe to Premium - $99.99/year');
    expect(submitLabel('monthly')).toBe('Subscribe to Premium - $9.99/month');
  });

  it("confirms a setup for 'seti_' secrets and a payment otherwise, falling back to a setup when Stripe says SetupIntent", () => {
    expect(secretKind('seti_123_secret_abc')).toBe('setup');
    expect(secretKind('pi_123_secret_abc')).toBe('payment');
    expect(mentionsSetupIntent('This client secret belongs to a SetupIntent; use confirmSetup.')).toBe(true);
    expect(mentionsSetupIntent('Your card was declined.')).toBe(false);
    expect(mentionsSetupIntent(undefined)).toBe(false);
  });

  it('reads the stored subscription data once, then it is gone', () => {
    storeSubscription({ clientSecret: 'pi_1_secret_2', plan: 'monthly', subscriptionId: 'sub_1' });
    expect(takeStoredSubscription()).toEqual({ clientSecret: 'pi_1_secret_2', plan: 'monthly', subscriptionId: 'sub_1' });
    expect(takeStoredSubscription()).toBeNull();
    window.sessionStorage.setItem('swingfit.subscription', '{"clientSecret": 3}');
    expect(takeStoredSubscription()).toBeNull();
  });
});

function renderAt(ui: ReactElement, path: string, options: { premium?: boolean; mode?: 'local-test' | 'stripe' } = {}) {
  const client = testQueryClient();
  client.setQueryData(AUTH_USER_KEY, makeUser({ isPremium: options.premium ?? false }));
  if (options.mode) client.setQueryData(BILLING_CONFIG_KEY, { mode: options.mode, publishableKey: options.mode === 'stripe' ? 'pk_test_123' : null });
  return render(wrap(ui, client, path));
}

describe('/subscribe', () => {
  it("shows 'Upgrade to Premium', the plans (annual first, saving 17%) and the test-mode checkout", () => {
    renderAt(<SubscribeScreen />, '/subscribe', { mode: 'local-test' });
    expect(screen.getByRole('heading', { name: 'Upgrade to Premium' })).toBeTruthy();
    const [first] = screen.getAllByRole('radio');
    expect(first!.textContent).toMatch(/Annual.*Save 17%.*\$99\.99/);
    expect(screen.getByText(/Test mode\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe to Premium - $99.99/year' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(screen.getByRole('button', { name: 'Subscribe to Premium - $9.99/month' })).toBeTruthy();
  });

  it('shows a spinner until the card form has its client secret (real Stripe keys)', async () => {
    renderAt(<SubscribeScreen />, '/subscribe', { mode: 'stripe' });
    expect(await screen.findByText('Preparing secure payment…', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(/Test mode\./)).toBeNull();
    expect(screen.getByText(/Payments are handled by Stripe\. Cancel any time/)).toBeTruthy();
  });

  it('does not say Stripe handles the payment in local test mode, where the payment is simulated', () => {
    renderAt(<SubscribeScreen />, '/subscribe', { mode: 'local-test' });
    expect(screen.getByText(/Payments are simulated on this server/)).toBeTruthy();
    expect(screen.queryByText(/handled by Stripe/)).toBeNull();
    expect(screen.getByText('Cancel any time; Premium lasts to the end of the paid period.')).toBeTruthy();
  });

  it('sends a Premium golfer to the profile instead of paying twice', () => {
    renderAt(<SubscribeScreen />, '/subscribe', { premium: true, mode: 'local-test' });
    expect(screen.getByText("You're already Premium")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Subscribe to Premium/ })).toBeNull();
  });
});

describe('/payment-success', () => {
  it('says the payment session was not found without session_id', () => {
    renderAt(<PaymentSuccessScreen />, '/payment-success');
    expect(screen.getByText('Payment session not found. Please check your profile to verify subscription status.')).toBeTruthy();
    // Said once: the heading above it does not repeat it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No Payment to Confirm');
    expect(screen.getAllByText(/payment session not found/i)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
  });

  it("shows 'Processing Your Subscription' while the golfer is not Premium yet", () => {
    renderAt(<PaymentSuccessScreen />, '/payment-success?session_id=cs_test_1');
    expect(screen.getByText('Processing Your Subscription')).toBeTruthy();
  });

  it("welcomes a Premium golfer with the features and links to /upload and /profile", () => {
    renderAt(<PaymentSuccessScreen />, '/payment-success?session_id=cs_test_1', { premium: true });
    expect(screen.getByRole('heading', { name: 'Welcome to Premium!' })).toBeTruthy();
    expect(screen.getByText('Down-the-line video analysis')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Upload a Swing Video/ }).getAttribute('href')).toBe('/upload');
    expect(screen.getByRole('link', { name: /View Your Profile/ }).getAttribute('href')).toBe('/profile');
  });
});

describe('Subscription Error (section 8: the HTTP error status, or no checkout URL)', () => {
  it.each([
    ['a server reason', new ApiError(409, '409: x', { message: 'You already have Premium.' }), 'You already have Premium.'],
    ['a bare HTTP error', new ApiError(502, '502: <html>Bad Gateway</html>', '<html>Bad Gateway</html>'), 'The payment service could not start the checkout (HTTP error status 502). Please try again.'],
    ['no checkout URL', new Error('No checkout URL received from server'), 'No checkout URL received from server'],
    ['a lost connection', new TypeError('Failed to fetch'), CONNECTION_PROBLEM],
  ])('%s', (_name, error, text) => {
    expect(subscriptionErrorText(error)).toBe(text);
  });
});
