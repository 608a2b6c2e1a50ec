import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { TIMING_MS, type User } from '@swingfit/contracts';
import { PaymentSuccessScreen } from '../src/screens/subscribe/PaymentSuccessScreen';
import { SubscriptionSection } from '../src/screens/profile/SubscriptionSection';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { resetToasts } from '../src/components/ui/toast';
import { makeUser, testQueryClient, wrap } from './helpers';

/*
 * The waits of spec sections 4 and 9, on a fake clock: the server answers through a stand-in fetch that
 * counts the calls (the screens' own requests, as the browser would send them).
 */

let calls: string[];
let premiumAfterReads: number;

function answer(url: string): unknown {
  calls.push(url);
  if (url === '/api/auth/user' || url.startsWith('/api/users/')) {
    const reads = calls.filter((c) => c === '/api/auth/user').length;
    return makeUser({ isPremium: reads >= premiumAfterReads });
  }
  if (url === '/api/refresh-subscription') return { message: 'No Premium subscription found.', isPremium: false };
  return {};
}

beforeEach(() => {
  calls = [];
  premiumAfterReads = Infinity;
  vi.useFakeTimers();
  vi.stubGlobal('fetch', async (input: string) => new Response(JSON.stringify(answer(String(input))), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const reads = () => calls.filter((c) => c === '/api/auth/user').length;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function mount(ui: React.ReactElement, path: string, user: User) {
  const client = testQueryClient();
  client.setQueryData(AUTH_USER_KEY, user);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const refreshes = () => invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(AUTH_USER_KEY)).length;
  render(
    wrap(
      <Routes>
        <Route path="*" element={<>{ui}<Where /></>} />
      </Routes>,
      client,
      path,
    ),
  );
  return { refreshes };
}

describe('/payment-success waits', () => {
  it('looks after 2 s (user, the refresh call, user), polls every 3 s, and stops its spinner after 30 s', async () => {
    mount(<PaymentSuccessScreen />, '/payment-success?session_id=cs_1', makeUser());
    await advance(TIMING_MS.paymentSuccessDelay - 10);
    expect(calls).toEqual([]);
    await advance(10);
    expect(calls).toContain('/api/refresh-subscription');
    const afterFirstLook = reads();
    expect(afterFirstLook).toBeGreaterThanOrEqual(1);
    await advance(TIMING_MS.paymentSuccessPoll * 3);
    expect(reads()).toBeGreaterThanOrEqual(afterFirstLook + 3);
    expect(screen.getByText('Processing Your Subscription')).toBeTruthy();
    await advance(TIMING_MS.paymentSuccessGiveUp);
    expect(screen.getByText('Still Confirming Your Payment')).toBeTruthy();
    const stopped = reads();
    await advance(TIMING_MS.paymentSuccessPoll * 5);
    expect(reads()).toBe(stopped);
  });

  it('welcomes the golfer as soon as a poll finds Premium', async () => {
    premiumAfterReads = 3;
    mount(<PaymentSuccessScreen />, '/payment-success?session_id=cs_1', makeUser());
    await advance(TIMING_MS.paymentSuccessDelay + TIMING_MS.paymentSuccessPoll * 2);
    expect(screen.getByRole('heading', { name: 'Welcome to Premium!' })).toBeTruthy();
  });
});

describe('back from Checkout on the profile', () => {
  it('refreshes after 2 s and drops session_id, then polls every 3 s at most 10 times', async () => {
    const { refreshes } = mount(<SubscriptionSection user={makeUser()} />, '/profile?session_id=cs_1', makeUser());
    expect(screen.getByTestId('where').textContent).toBe('/profile?session_id=cs_1');
    expect(screen.getByText('Confirming your payment…')).toBeTruthy();
    await advance(TIMING_MS.checkoutReturnRefresh - 10);
    expect(refreshes()).toBe(0);
    await advance(10);
    expect(screen.getByTestId('where').textContent).toBe('/profile');
    expect(refreshes()).toBe(1);
    await advance(TIMING_MS.checkoutReturnPoll * (TIMING_MS.checkoutReturnPolls + 5));
    expect(refreshes()).toBe(1 + TIMING_MS.checkoutReturnPolls);
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
  });
});
