import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileScreen } from '../src/screens/profile/ProfileScreen';
import { Toaster, resetToasts } from '../src/components/ui/toast';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { makeUser, testQueryClient, wrap } from './helpers';
import type { SubscriptionDetails, User } from '@swingfit/contracts';
import { BILLING_CONFIG_KEY, SUBSCRIPTION_KEY } from '../src/api/billing';
import { RETRY_LABEL } from '../src/components/ui';
import { SUBSCRIPTION_DETAILS_FAILED } from '../src/screens/profile/SubscriptionSection';
import { PAYMENT_INFO_FAILED } from '../src/screens/profile/AccountSections';

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function renderProfile(user: User | null, failing = false, billing?: { subscription: SubscriptionDetails; mode: 'local-test' | 'stripe' }, path = '/profile') {
  const client = testQueryClient({ failing });
  client.setQueryData(AUTH_USER_KEY, makeUser());
  if (user) client.setQueryData([`/api/users/${user.id}`], user);
  if (billing) {
    client.setQueryData(SUBSCRIPTION_KEY, billing.subscription);
    client.setQueryData(BILLING_CONFIG_KEY, { mode: billing.mode, publishableKey: null });
  }
  return render(
    wrap(
      <>
        <ProfileScreen />
        <Toaster />
      </>,
      client,
      path,
    ),
  );
}

describe('profile', () => {
  it('opens at the Subscription card when an upgrade prompt leads here (section 2: Upgrade Now goes to /profile)', () => {
    const scrolled: Element[] = [];
    // jsdom has no layout, and no scrollIntoView: record which element the page asked to bring into view.
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderProfile(makeUser({ isPremium: false }), false, undefined, '/profile#subscription');
      const card = screen.getByRole('region', { name: 'Subscription' });
      expect(scrolled).toEqual([card]);
      expect(within(card).getByRole('button', { name: /Subscribe to Premium/ })).toBeTruthy();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("says 'User Not Found' when the user record cannot be loaded", async () => {
    renderProfile(null, true);
    expect(await screen.findByText('User Not Found')).toBeTruthy();
    expect(screen.getByText('Unable to load user profile.')).toBeTruthy();
  });

  it("asks to 'Complete Profile' when fields are missing, and 'Edit' otherwise", () => {
    const { unmount } = renderProfile(makeUser({ handicap: null }));
    expect(screen.getByRole('button', { name: /Complete Profile/ })).toBeTruthy();
    unmount();
    renderProfile(makeUser());
    expect(screen.getByRole('button', { name: /^Edit$/ })).toBeTruthy();
  });

  it('Cancel discards the edits', () => {
    renderProfile(makeUser());
    fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Dallas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Austin, TX')).toBeTruthy();
    expect(screen.queryByText(/Dallas/)).toBeNull();
  });

  it("shows 'Update Failed' when the save does not go through", async () => {
    renderProfile(makeUser());
    fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update profile. Please try again.')).toBeTruthy();
  });

  it('says under each field what is wrong before sending, with the rules the server uses', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderProfile(makeUser());
    fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'x@y' } });
    fireEvent.change(screen.getByLabelText('Handicap'), { target: { value: '99999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Handicap').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must be a number from -10 to 54')).toBeTruthy();
    expect(screen.getByText('Must be a valid email address (at most 254 characters)')).toBeTruthy();
    // Editing a field takes its message away.
    fireEvent.change(screen.getByLabelText('Handicap'), { target: { value: '12' } });
    expect(screen.queryByText('Must be a number from -10 to 54')).toBeNull();
  });

  it('says a cleared name cannot be blank instead of saving the rest and keeping the old name', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderProfile(makeUser());
    fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Dallas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Must be 1 to \d+ characters$/)).toBeTruthy();
    // What was typed stays in the form.
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Dallas');
  });

  it('sends only the fields the golfer changed, so a save from another tab meanwhile is not undone', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(makeUser({ handicap: 9.5 })), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    renderProfile(makeUser());
    fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
    fireEvent.change(screen.getByLabelText('Handicap'), { target: { value: '9.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/users\/\d+$/);
    expect(JSON.parse(String(init.body))).toEqual({ handicap: 9.5 });
  });

  it("keeps the 'Update Failed' toast and shows a 400's field errors under the fields", async () => {
    const refusal = { message: 'Invalid body: handicap must be at most 54', errors: [{ field: 'handicap', message: 'must be at most 54' }] };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(refusal), { status: 400, headers: { 'content-type': 'application/json' } })));
    renderProfile(makeUser());
    fireEvent.click(screen.getByRole('button', { name: /^Edit$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update profile. Please try again.')).toBeTruthy();
    expect(screen.getByText('Must be at most 54')).toBeTruthy();
    expect(screen.getByLabelText('Handicap').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a free golfer the Free badge, the plans with checkout, and no payment method', () => {
    renderProfile(makeUser({ isPremium: false }));
    expect(screen.getAllByText('Free').length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: /Annual.*Save 17%.*\$99\.99/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(screen.getByRole('button', { name: 'Subscribe to Premium - $9.99/month' })).toBeTruthy();
    expect(screen.getByText('No payment method on file')).toBeTruthy();
  });

  it('shows a Premium golfer the plan, renewal date, card and the portal; monthly can switch to annual', () => {
    const user = makeUser({ isPremium: true, subscriptionEndDate: '2026-08-01T12:00:00.000Z' });
    renderProfile(user, false, {
      subscription: { version: 2, customerId: 'cus_1', subscriptionId: 'sub_1', status: 'active', plan: 'monthly', currentPeriodEnd: '2026-08-01T12:00:00.000Z', cancelAtPeriodEnd: false, isPremium: true, premiumEndsAt: null, paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } },
      mode: 'local-test',
    });
    const section = within(screen.getByRole('region', { name: 'Subscription' }));
    expect(section.getByText('Premium Monthly · $9.99/month')).toBeTruthy();
    expect(section.getByText('Renews on')).toBeTruthy();
    expect(section.getByText(new Date('2026-08-01T12:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }))).toBeTruthy();
    expect(section.getByRole('button', { name: /Manage Subscription/ })).toBeTruthy();
    expect(section.getByRole('button', { name: /Switch to Annual · Save 17%/ })).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByText(/Expires 04\/2030/)).toBeTruthy();
    expect(screen.getByText('(test card)')).toBeTruthy();
  });

  it('tells a cancelled golfer Premium lasts until the period end, and offers to resume', () => {
    renderProfile(makeUser({ isPremium: true }), false, {
      subscription: { version: 3, customerId: 'cus_1', subscriptionId: 'sub_1', status: 'active', plan: 'annual', currentPeriodEnd: '2027-01-15T08:00:00.000Z', cancelAtPeriodEnd: true, isPremium: true, premiumEndsAt: '2027-01-15T08:00:00.000Z', paymentMethod: null },
      mode: 'stripe',
    });
    const section = within(screen.getByRole('region', { name: 'Subscription' }));
    expect(section.getByText('Cancelled')).toBeTruthy();
    expect(section.getByText('Premium until')).toBeTruthy();
    expect(section.getByRole('button', { name: 'Resume Subscription' })).toBeTruthy();
    expect(section.queryByRole('button', { name: /Switch to Annual/ })).toBeNull();
  });

  it("tells a Premium golfer their subscription details could not be loaded, not 'Active' and 'No payment method on file'", async () => {
    const user = makeUser({ isPremium: true, subscriptionEndDate: '2026-08-01T12:00:00.000Z' });
    renderProfile(user, true);
    const section = within(screen.getByRole('region', { name: 'Subscription' }));
    expect(await section.findByText(SUBSCRIPTION_DETAILS_FAILED)).toBeTruthy();
    expect(section.getAllByText('Premium')).toHaveLength(2); // the badge and the plan, known from the user record
    expect(section.queryByText('Active')).toBeNull();
    expect(section.queryByText('Renews on')).toBeNull();
    const payment = within(screen.getByRole('region', { name: 'Payment Information' }));
    expect(payment.getByText(PAYMENT_INFO_FAILED)).toBeTruthy();
    expect(payment.queryByText('No payment method on file')).toBeNull();
    expect(payment.getByRole('button', { name: RETRY_LABEL })).toBeTruthy();
  });

  it('opens the change-password dialog for a local account', () => {
    renderProfile(makeUser({ authProvider: 'local' }));
    fireEvent.click(screen.getByRole('button', { name: /Change Password/ }));
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByText(/signs out your other sessions/)).toBeTruthy();
  });
});
