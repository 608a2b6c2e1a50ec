import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../src/App';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { WelcomeScreen } from '../src/screens/welcome/WelcomeScreen';
import { GOLF_QUOTES } from '../src/screens/welcome/quotes';
import { makeUser, testQueryClient, wrap } from './helpers';
import { stubServer } from './fake-server';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('shows the not-found screen for an unknown path', () => {
    render(wrap(<AppRoutes />, testQueryClient(), '/no/such/page'));
    expect(screen.getByText('404 Page Not Found')).toBeTruthy();
  });

  it("shows 'Authenticating...' at / while the user is loading", () => {
    render(wrap(<AppRoutes />, testQueryClient(), '/'));
    expect(screen.getByText('Authenticating...')).toBeTruthy();
  });

  it('shows the onboarding to a first-time signed-out visitor, then the welcome screen once it is done', () => {
    const client = testQueryClient();
    client.setQueryData(AUTH_USER_KEY, null);
    const first = render(wrap(<AppRoutes />, client, '/'));
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Skip' }).click());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(window.localStorage.getItem('swingfit.onboardingDone')).toBe('1');
    first.unmount();
    // The flag persists: the next visit goes straight to the welcome screen.
    render(wrap(<AppRoutes />, client, '/'));
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('sends /analysis-loading without an id to /upload, not to the not-found screen', () => {
    const client = testQueryClient();
    client.setQueryData(AUTH_USER_KEY, makeUser());
    client.setQueryData(['/api/upload-status/7'], {
      isPremium: false, isFreeLimitReached: false, canUploadDriver: true, canUploadSevenIron: true, weeklyDriverUploaded: false, weeklySevenIronUploaded: false,
      videoUploadsUsed: 0, videoUploadsLimit: 1, weekResetsAt: '2026-05-17T05:00:00.000Z',
    });
    render(wrap(<AppRoutes />, client, '/analysis-loading'));
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Upload Swing Video' })).toBeTruthy();
  });

  it('sends /home to / and signed-out visitors of a signed-in page to the landing', () => {
    const client = testQueryClient();
    client.setQueryData(AUTH_USER_KEY, null);
    window.localStorage.setItem('swingfit.onboardingDone', '1');
    const first = render(wrap(<AppRoutes />, client, '/home'));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    first.unmount();
    render(wrap(<AppRoutes />, client, '/profile'));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByText('Personal Information')).toBeNull();
  });

  it("keeps a golfer whose user fetch failed (not a 401) on their page with 'Failed to fetch user data' and a retry, not on the landing", async () => {
    const server = stubServer();
    server.routes.set('GET /api/auth/user', { status: 500, body: { message: 'down' } });
    window.localStorage.setItem('swingfit.onboardingDone', '1');
    // The auth query's own retry rule (2 retries) runs; no delay between them here.
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    render(wrap(<AppRoutes />, client, '/profile'));
    expect(await screen.findByText('Failed to fetch user data')).toBeTruthy();
    expect(server.calls.filter((c) => c.url === '/api/auth/user')).toHaveLength(3);
    expect(screen.queryByRole('progressbar')).toBeNull();
    server.routes.set('GET /api/auth/user', { body: makeUser() });
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    // The shell, with its tabs, for the signed-in golfer (the profile's own data is not served here).
    expect(await screen.findByRole('link', { name: /Leaderboard/ })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch user data')).toBeNull();
  });
});

describe('welcome screen', () => {
  it('has 25 quotes with authors', () => {
    expect(GOLF_QUOTES).toHaveLength(25);
    for (const q of GOLF_QUOTES) expect(q.author.length).toBeGreaterThan(0);
  });

  it('fills 2% every 100 ms and shows Get Started 500 ms after reaching 100%', () => {
    vi.useFakeTimers();
    render(<WelcomeScreen onGetStarted={() => {}} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('button', { name: /Get Started/ })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: /Get Started/ })).toBeTruthy();
  });
});
