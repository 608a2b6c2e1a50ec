import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  BillingClientConfig,
  CheckoutReturn,
  Plan,
  RedirectUrl,
  RefreshSubscriptionResponse,
  SubscriptionClientSecret,
  SubscriptionDetails,
  UpgradeResponse,
} from '@swingfit/contracts';
import { AUTH_USER_KEY } from '../hooks/useAuth';
import { apiRequest } from './client';

/* Section 7's subscription calls, and the queries the subscription screens share. */

export const BILLING_CONFIG_KEY = ['/api/billing/config'] as const;
export const SUBSCRIPTION_KEY = ['/api/billing/subscription'] as const;
export const NO_CHECKOUT_URL = 'No checkout URL received from server';

/** Local test mode or Stripe, and Stripe's publishable key; it does not change while the app runs. */
export function useBillingConfig() {
  return useQuery<BillingClientConfig>({ queryKey: BILLING_CONFIG_KEY, staleTime: Infinity, retry: 1 });
}

export function useSubscriptionDetails(enabled = true) {
  return useQuery<SubscriptionDetails>({ queryKey: SUBSCRIPTION_KEY, enabled });
}

/** Sends the browser to Checkout (Stripe's, or local test mode's page) for the plan. */
export async function startCheckout(plan: Plan, returnTo: CheckoutReturn): Promise<void> {
  const { url } = await apiRequest<RedirectUrl>('POST', '/api/create-checkout-session', { plan, returnTo });
  if (!url) throw new Error(NO_CHECKOUT_URL);
  window.location.assign(url);
}

export async function openCustomerPortal(): Promise<void> {
  const { url } = await apiRequest<RedirectUrl>('POST', '/api/create-customer-portal');
  window.location.assign(url);
}

export const refreshSubscription = () => apiRequest<RefreshSubscriptionResponse>('POST', '/api/refresh-subscription');
export const requestSubscription = (plan: Plan) => apiRequest<SubscriptionClientSecret>('POST', '/api/get-or-create-subscription', { plan });
export const upgradeSubscription = (userId: number, plan: Plan) => apiRequest<UpgradeResponse>('POST', '/api/subscription/upgrade', { userId, plan });
/** The browser's "payment went through": only a prompt for the server to ask Stripe. */
export const reportPaymentSucceeded = () => apiRequest('POST', '/api/update-subscription-status', { subscriptionActive: true });

/** Everything that shows the plan is read again (user record, subscription, upload allowance). */
export async function refreshAccount(queryClient: QueryClient, userId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: [`/api/users/${userId}`] }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
    queryClient.invalidateQueries({ queryKey: [`/api/upload-status/${userId}`] }),
    queryClient.invalidateQueries({ queryKey: ['/api/usage-limits'] }),
  ]);
}
