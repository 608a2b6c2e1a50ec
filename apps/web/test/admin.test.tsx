import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, focusManager } from '@tanstack/react-query';
import type { AdminUser, AuditEntry, SystemView } from '@swingfit/contracts';
import { ApiError, apiGet } from '../src/api/client';
import { AppRoutes } from '../src/App';
import { Toaster, resetToasts } from '../src/components/ui/toast';
import { adminLoginError } from '../src/screens/admin/AdminLoginScreen';
import { auditSentence, dateTimeText, durationText, queueLabel, usageResetText, usageText, zonedDateTimeText } from '../src/screens/admin/format';
import { wrap } from './helpers';

/*
 * The admin screens against a stand-in for the gateway's admin API: fetch answers from a table of
 * "METHOD /path" routes, so the real request helper, query keys and redirects are exercised.
 */
type Answer = { status: number; body?: unknown };
// These screens chain several requests (session, then lists): on a busy shared machine that takes more than
// Testing Library's default 1 s, so waits and tests get room without changing what they check.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));

let routes: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)>;
const calls: Array<{ method: string; url: string; body: unknown }> = [];

beforeEach(() => {
  calls.length = 0;
  routes = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? await route(body) : (route ?? { status: 404, body: { message: 'Not Found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
}

function renderApp(path: string) {
  return render(
    wrap(
      <>
        <AppRoutes />
        <Toaster />
      </>,
      client(),
      path,
    ),
  );
}

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 12,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  isPremium: false,
  createdAt: '2026-01-02T10:00:00.000Z',
  totalPoints: 1250,
  weeklyPoints: 35,
  videoUploadsUsed: 1,
  analysisViewsUsed: 4,
  workoutViewsUsed: 0,
  limits: { videoUploads: 1, analysisViews: 999, workoutViews: 1 },
  ...overrides,
});

function signedInAdmin(users: AdminUser[]) {
  routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
  routes['GET /api/admin/stats'] = { status: 200, body: { total: 2, premium: 1, free: 1 } };
  routes['GET /api/admin/users'] = { status: 200, body: { users, nextCursor: null } };
}

describe('admin words', () => {
  it('shows counters as used / limit, with Unlimited for 999', () => {
    expect(usageText(1, 1)).toBe('1 / 1');
    expect(usageText(3, 999)).toBe('3 / Unlimited');
  });

  it.each([
    [null, '—'],
    [850, '850 ms'],
    [12_400, '12 s'],
    [72_000, '1 min 12 s'],
    [120_000, '2 min'],
    [7_500_000, '2 h 5 min'],
  ])('reads %s ms as %s', (ms, text) => expect(durationText(ms)).toBe(text));

  it('names queues and audit lines in plain words', () => {
    expect(queueLabel('analysis')).toBe('Swing analyses');
    expect(queueLabel('events-gamification')).toBe('Events for gamification');
    expect(queueLabel('billing-reconcile')).toBe('Scheduled: check payments with Stripe');
    const entry = (action: string, detail: Record<string, unknown> = {}): AuditEntry => ({ id: 1, occurredAt: new Date().toISOString(), action, adminSessionId: 3, targetUserId: 12, targetEmail: 'ann@example.com', detail, ip: '10.0.0.1', userAgent: null });
    expect(auditSentence(entry('reset-usage', { field: 'videoUploadsUsed', from: 1 }))).toBe('Reset Video Uploads for ann@example.com (was 1)');
    expect(auditSentence(entry('sign-in-failed'))).toBe('Failed sign-in (wrong password)');
    expect(auditSentence(entry('retry-job', { name: 'analysis', queue: 'analysis' }))).toBe('Retried analysis on Swing analyses for ann@example.com');
    expect(auditSentence(entry('remove-job', { name: 'exercise.completed', eventType: 'exercise.completed', queue: 'events-gamification' }))).toBe('Removed exercise completed from Events for gamification for ann@example.com');
    expect(auditSentence(entry('replay-event', { type: 'points.awarded', queue: 'events-gateway' }))).toBe('Replayed points awarded for ann@example.com');
    expect(auditSentence(entry('remeasure-analysis', { analysisId: 7, outcome: 'queued' }))).toBe('Queued to measure analysis #7 again for ann@example.com');
    expect(auditSentence(entry('remeasure-analysis', { analysisId: 7, outcome: 'already queued' }))).toBe('Asked again to measure analysis #7 again for ann@example.com');
  });

  it("maps sign-in failures to the catalogue's two messages (and keeps the rate limit's own line)", () => {
    expect(adminLoginError(new ApiError(401, '401: x', { message: 'Invalid admin password' }))).toBe('Invalid admin password');
    expect(adminLoginError(new ApiError(500, '500: x', undefined))).toBe('Failed to authenticate. Please try again.');
    expect(adminLoginError(new TypeError('Failed to fetch'))).toBe('Failed to authenticate. Please try again.');
    expect(adminLoginError(new ApiError(429, '429: x', { message: 'Too many sign-in attempts. Please try again in 15 minutes.' }))).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
  });
});

describe('/admin-login', () => {
  it("keeps 'Access Admin Panel' disabled until a password is typed, and shows or hides it", () => {
    renderApp('/admin-login');
    const submit = screen.getByRole('button', { name: 'Access Admin Panel' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const field = screen.getByLabelText('Admin password') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'secret' } });
    expect(submit.disabled).toBe(false);
    expect(field.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.type).toBe('password');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it("says 'Invalid admin password' on a wrong one", async () => {
    routes['POST /api/admin/login'] = { status: 401, body: { message: 'Invalid admin password' } };
    renderApp('/admin-login');
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid admin password');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'wrong' });
  });

  it("says 'Failed to authenticate. Please try again.' when the server fails", async () => {
    routes['POST /api/admin/login'] = { status: 500, body: { message: 'Internal server error' } };
    renderApp('/admin-login');
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to authenticate. Please try again.');
  });

  it("shows 'Authenticating...' while pending, then 'Access Granted' and the admin panel", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    signedInAdmin([user()]);
    routes['POST /api/admin/login'] = { status: 200, body: { admin: true } };
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/login') await gate;
      return realFetch(url, init);
    });
    renderApp('/admin-login');
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(await screen.findByRole('button', { name: /Authenticating\.\.\./ })).toBeTruthy();
    release();
    expect(await screen.findByText('Access Granted')).toBeTruthy();
    expect(screen.getByText('Welcome to the admin panel')).toBeTruthy();
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
  });
});

describe('the admin guard', () => {
  it.each([401, 403])('sends a %s on the session check to /admin-login', async (status) => {
    routes['GET /api/admin/session'] = { status, body: { message: 'no' } };
    renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeTruthy();
  });

  it('guards /admin/system and /admin/downloads the same way', async () => {
    routes['GET /api/admin/session'] = { status: 401, body: { message: 'no' } };
    const { unmount } = renderApp('/admin/system');
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeTruthy();
    unmount();
    renderApp('/admin/downloads');
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeTruthy();
  });

  it('sends the browser to /admin-login when a later admin call answers 403 (session lost mid-way)', async () => {
    signedInAdmin([user()]);
    routes['GET /api/admin/users'] = { status: 403, body: { message: 'Admin access only' } };
    renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeTruthy();
  });
});

describe('/admin', () => {
  it('shows the counts and each golfer with plan, points and counters', async () => {
    signedInAdmin([user(), user({ id: 13, email: 'pro@example.com', isPremium: true, videoUploadsUsed: 3, limits: { videoUploads: 999, analysisViews: 999, workoutViews: 999 } })]);
    renderApp('/admin');
    const free = await screen.findByRole('article', { name: 'ann@example.com' });
    expect(free.textContent).toContain('Free');
    expect(free.textContent).toContain('ID 12');
    expect(free.textContent).toContain('1,250');
    expect(free.textContent).toMatch(/Video Uploads\s*1 \/ 1/);
    expect(free.textContent).toMatch(/Analysis Views\s*4 \/ Unlimited/);
    expect(free.textContent).toMatch(/Workout Views\s*0 \/ 1/);
    const pro = screen.getByRole('article', { name: 'pro@example.com' });
    expect(pro.textContent).toContain('Premium');
    expect(pro.textContent).toMatch(/Video Uploads\s*3 \/ Unlimited/);
    const counts = screen.getByRole('region', { name: 'User counts' });
    await waitFor(() => expect(counts.textContent).toMatch(/Total Users\s*2.*Premium\s*1.*Free\s*1/));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it.each([
    ['videoUploadsUsed', 'Successfully reset Video Uploads for user'],
    ['analysisViewsUsed', 'Successfully reset Analysis Views for user'],
    ['workoutViewsUsed', 'Successfully reset Workout Views for user'],
  ] as const)('the reset toast names %s by its label', (field, text) => {
    expect(usageResetText(field)).toBe(text);
  });

  it("resets a counter with the 'Usage Reset' toast, or says 'Reset Failed'", async () => {
    signedInAdmin([user()]);
    routes['POST /api/admin/users/12/reset-usage'] = (body) => ({ status: 200, body: { message: `Successfully reset ${(body as { field: string }).field} for user`, user: user({ videoUploadsUsed: 0 }) } });
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Video Uploads for ann@example.com' }));
    expect(await screen.findByText('Usage Reset')).toBeTruthy();
    // {field} is the counter's label as the list shows it, whatever the server's own message says.
    expect(screen.getByText('Successfully reset Video Uploads for user')).toBeTruthy();
    expect(screen.queryByText(/videoUploadsUsed/)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ field: 'videoUploadsUsed' });

    routes['POST /api/admin/users/12/reset-usage'] = { status: 500, body: { message: 'Internal server error' } };
    fireEvent.click(screen.getByRole('button', { name: 'Reset Workout Views for ann@example.com' }));
    expect(await screen.findByText('Reset Failed')).toBeTruthy();
    expect(screen.getByText('Failed to reset usage')).toBeTruthy();
  });

  it('keeps the list and the counts on screen when a later refresh fails, and says so', async () => {
    signedInAdmin([user()]);
    renderApp('/admin');
    await screen.findByRole('article', { name: 'ann@example.com' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'User counts' }).textContent).toMatch(/Total Users\s*2/));
    // The 10 s poll (here the Refresh button) fails once, as during a gateway restart.
    routes['GET /api/admin/users'] = { status: 500, body: { message: 'Internal server error' } };
    routes['GET /api/admin/stats'] = { status: 500, body: { message: 'Internal server error' } };
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/^Could not refresh the list\. Showing it as loaded at /)).toBeTruthy();
    expect(screen.getByText(/^Could not refresh the user counts\./)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'ann@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Video Uploads for ann@example.com' })).toBeTruthy();
    expect(screen.queryByText('Failed to load users')).toBeNull();
    expect(screen.queryByText('The user counts could not be loaded.')).toBeNull();
  });

  it('searches from the third character on (shorter would read every golfer)', async () => {
    signedInAdmin([user()]);
    renderApp('/admin');
    await screen.findByText('ann@example.com');
    fireEvent.change(screen.getByLabelText('Search golfers by email'), { target: { value: 'an' } });
    expect(await screen.findByText('Type at least 3 characters of the email to search.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('search='))).toBe(false);
    expect(screen.getByText('ann@example.com')).toBeTruthy();
  });

  it('searches by email after typing settles, and says when nothing matches', async () => {
    signedInAdmin([user()]);
    routes['GET /api/admin/users?search=nobody'] = { status: 200, body: { users: [], nextCursor: null } };
    renderApp('/admin');
    await screen.findByText('ann@example.com');
    fireEvent.change(screen.getByLabelText('Search golfers by email'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No golfers found')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/users?search=nobody')).toBe(true);
  });

  it("opens a golfer's recent analyses with the reason a failed one failed", async () => {
    signedInAdmin([user()]);
    routes['GET /api/admin/users/12/analyses'] = {
      status: 200,
      body: { email: 'ann@example.com', analyses: [{ id: 5, createdAt: '2026-01-03T10:00:00.000Z', completedAt: null, clubSelection: 'driver', status: 'failed', failureReason: 'No golfer was found in the video', failureAdvice: null, measuredAgainAt: null, awaitsRemeasure: false }] },
    };
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Recent analyses of ann@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recent analyses' });
    await waitFor(() => expect(dialog.textContent).toContain('No golfer was found in the video'));
    expect(dialog.textContent).toContain('Failed');
    // Only a completed analysis can be measured again.
    expect(screen.queryByRole('button', { name: /Measure analysis #5 again/ })).toBeNull();
  });

  it('measures a completed analysis again from the dialog, and says when it already waits or cannot be', async () => {
    signedInAdmin([user()]);
    const done = { id: 7, createdAt: '2026-01-03T10:00:00.000Z', completedAt: '2026-01-03T10:01:00.000Z', clubSelection: '7-iron', status: 'complete', failureReason: null, failureAdvice: null };
    routes['GET /api/admin/users/12/analyses'] = {
      status: 200,
      body: { email: 'ann@example.com', analyses: [{ ...done, measuredAgainAt: '2026-11-26T15:00:00.000Z', awaitsRemeasure: false }, { ...done, id: 8, measuredAgainAt: null, awaitsRemeasure: true }] },
    };
    routes['POST /api/admin/analyses/7/remeasure'] = { status: 202, body: { analysisId: 7, outcome: 'queued' } };
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Recent analyses of ann@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recent analyses' });
    await waitFor(() => expect(dialog.textContent).toContain('Measured again'));
    // Only the one an older measurement read says it will be measured again by itself.
    expect(screen.getAllByText('Read by an older measurement: it will be measured again by itself')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Measure analysis #7 again' }));
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(screen.getByText(/Analysis #7 will be measured again/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/admin/analyses/7/remeasure')).toHaveLength(1);

    routes['POST /api/admin/analyses/7/remeasure'] = { status: 202, body: { analysisId: 7, outcome: 'already queued' } };
    fireEvent.click(screen.getByRole('button', { name: 'Measure analysis #7 again' }));
    expect(await screen.findByText('Already Queued')).toBeTruthy();

    routes['POST /api/admin/analyses/7/remeasure'] = { status: 409, body: { message: 'Only a completed analysis can be measured again' } };
    fireEvent.click(screen.getByRole('button', { name: 'Measure analysis #7 again' }));
    expect(await screen.findByText('Not Queued')).toBeTruthy();
    expect(screen.getByText('Only a completed analysis can be measured again')).toBeTruthy();
  });

  it('shows the audit log with paging on its tab', async () => {
    signedInAdmin([user()]);
    const entry = (id: number, action: string, detail = {}): AuditEntry => ({ id, occurredAt: new Date().toISOString(), action, adminSessionId: 1, targetUserId: 12, targetEmail: 'ann@example.com', detail, ip: '10.0.0.1', userAgent: null });
    routes['GET /api/admin/audit'] = { status: 200, body: { entries: [entry(9, 'reset-usage', { field: 'videoUploadsUsed', from: 1 })], nextCursor: '9' } };
    routes['GET /api/admin/audit?cursor=9'] = { status: 200, body: { entries: [entry(8, 'sign-in')], nextCursor: null } };
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByText('Reset Video Uploads for ann@example.com (was 1)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});

describe('the audit log', () => {
  it('says when each action happened as a date, time and zone, not only how long ago', async () => {
    signedInAdmin([user()]);
    const occurredAt = '2026-11-17T15:05:00.000Z';
    routes['GET /api/admin/audit'] = { status: 200, body: { entries: [{ id: 3, occurredAt, action: 'sign-in', adminSessionId: 1, targetUserId: null, targetEmail: null, detail: {}, ip: null, userAgent: null }], nextCursor: null } };
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const line = (await screen.findByText('Signed in')).parentElement!;
    const when = new Date(occurredAt).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    expect(line.textContent).toContain(when);
    expect(when).toMatch(/2026.*\d:05.*[A-Z]{2,}/);
  });
});

describe('/admin/downloads', () => {
  const summary = { total: 398, categories: [{ category: 'core', label: 'Core Control & Rotational Strength', count: 398 }], fileSizeBytes: 215 * 1024, fileName: 'golf-exercise-videos.xlsx' };

  it('Download Excel saves the file while the admin session holds, and goes to /admin-login once it has lapsed', async () => {
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
      routes['GET /api/admin/exercise-videos/summary'] = { status: 200, body: summary };
      renderApp('/admin/downloads');
      fireEvent.click(await screen.findByRole('link', { name: 'Download Excel' }));
      await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
      const file = saved.mock.contexts[0] as HTMLAnchorElement;
      expect([file.getAttribute('href'), file.download]).toEqual(['/api/download/excel', 'golf-exercise-videos.xlsx']);

      // The session lapses while the page stays open: the click is the first admin call to learn it.
      routes['GET /api/admin/session'] = { status: 401, body: { message: 'Admin session required' } };
      fireEvent.click(screen.getByRole('link', { name: 'Download Excel' }));
      expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeTruthy();
      expect(saved).toHaveBeenCalledTimes(1);
    } finally {
      saved.mockRestore();
    }
  });
});

describe('/admin/system', () => {
  const view: SystemView = {
    generatedAt: new Date().toISOString(),
    queues: [
      { name: 'analysis', counts: { waiting: 2, active: 1, delayed: 0, completed: 40, failed: 1 }, failedJobs: [{ id: 'analysis-5', name: 'analysis', failedReason: 'ffmpeg exploded', attemptsMade: 3, enqueuedAt: new Date().toISOString(), failedAt: new Date().toISOString(), analysisId: 5, eventType: null, userId: null }], error: null },
      { name: 'events-gateway', counts: null, failedJobs: [], error: 'Queue could not be read: Connection is closed.' },
    ],
    outbox: [
      { service: 'gateway', unsent: 0, oldestUnsentAgeMs: null, error: null },
      { service: 'billing', unsent: null, oldestUnsentAgeMs: null, error: 'Not reported by this service yet' },
    ],
    analyses: { since: new Date().toISOString(), total: 3, byStatus: { pending: 0, processing: 1, complete: 1, failed: 1 }, turnaround: { measured: 1, medianMs: 72_000, p95Ms: 72_000 } },
    payments: { stripeMode: null },
  };

  it('shows queue counts, failed jobs, unknown outboxes, the analyses and the missing failed-events route', async () => {
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: view };
    routes['POST /api/admin/queues/analysis/jobs/analysis-5/retry'] = { status: 200, body: { retried: true } };
    renderApp('/admin/system');
    const queue = await screen.findByRole('region', { name: 'Swing analyses' });
    expect(queue.textContent).toMatch(/Waiting\s*2.*Active\s*1.*Delayed\s*0.*Completed\s*40.*Failed\s*1/);
    expect(queue.textContent).toContain('ffmpeg exploded');
    expect(screen.getByText('Queue could not be read: Connection is closed.')).toBeTruthy();
    expect(screen.getByText('Unknown — Not reported by this service yet')).toBeTruthy();
    expect(screen.getAllByText('1 min 12 s')).toHaveLength(2);
    expect(await screen.findByText('Failed events are not available yet')).toBeTruthy();
    expect(screen.getByText('Stripe mode not reported yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry Analysis #5' }));
    expect(await screen.findByText('Job Retried')).toBeTruthy();
  });

  it('keeps the last view on screen when a later refresh fails, and says so', async () => {
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: view };
    renderApp('/admin/system');
    await screen.findByRole('region', { name: 'Swing analyses' });
    routes['GET /api/admin/system'] = { status: 500, body: { message: 'Internal server error' } };
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/^Could not refresh the system view\. Showing it as loaded at /)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Swing analyses' }).textContent).toContain('ffmpeg exploded');
    expect(screen.queryByText('Failed to load the system view')).toBeNull();
  });

  it('leaves the Refresh button alone while the view refreshes itself, and busies it when pressed', async () => {
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: view };
    renderApp('/admin/system');
    await screen.findByRole('region', { name: 'Swing analyses' });
    const reads = () => calls.filter((c) => c.url === '/api/admin/system').length;
    const before = reads();
    const answers: Array<(answer: Answer) => void> = [];
    routes['GET /api/admin/system'] = () => new Promise<Answer>((resolve) => answers.push(resolve));
    // A refresh the admin did not ask for (the 10 s poll; here, the window taking focus again).
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
    const button = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    act(() => answers.splice(0).forEach((answer) => answer({ status: 200, body: view })));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    act(() => answers.splice(0).forEach((answer) => answer({ status: 200, body: view })));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    act(() => focusManager.setFocused(undefined));
  });

  it("says why a retry was refused in the server's words, not its raw JSON answer", async () => {
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: view };
    routes['POST /api/admin/queues/analysis/jobs/analysis-5/retry'] = { status: 409, body: { message: 'Only a failed job can be retried or removed; this one is active' } };
    renderApp('/admin/system');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Analysis #5' }));
    expect(await screen.findByText('Retry Failed')).toBeTruthy();
    expect(screen.getByText('Only a failed job can be retried or removed; this one is active')).toBeTruthy();
    expect(document.body.textContent).not.toContain('{"message"');
  });

  it('lists a failed event once, under Failed events, with Replay and Remove (not again under its queue)', async () => {
    const eventId = '3f2a9c1e-0000-4000-8000-000000000042';
    const failedAt = new Date().toISOString();
    const eventJob = { id: eventId, name: 'exercise.completed', failedReason: 'ledger unavailable', attemptsMade: 5, enqueuedAt: failedAt, failedAt, analysisId: null, eventType: 'exercise.completed', userId: 42 };
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: { ...view, queues: [{ name: 'events-gamification', counts: { waiting: 0, active: 0, delayed: 0, completed: 9, failed: 1 }, failedJobs: [eventJob], error: null }] } };
    routes['GET /api/admin/failed-events'] = { status: 200, body: { events: [{ id: `events-gamification:${eventId}`, queue: 'events-gamification', type: 'exercise.completed', userId: 42, occurredAt: failedAt, failedReason: 'ledger unavailable', attemptsMade: 5, failedAt }] } };
    routes[`DELETE /api/admin/queues/events-gamification/jobs/${eventId}`] = { status: 200, body: { removed: true } };
    renderApp('/admin/system');
    const card = await screen.findByRole('region', { name: 'Failed events' });
    await waitFor(() => expect(card.textContent).toContain('Exercise completed · golfer #42'));
    expect(screen.getAllByText('ledger unavailable')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Events for gamification' }).textContent).toContain('Its failed events are listed under Failed events.');
    expect(screen.getByRole('button', { name: 'Replay Exercise completed · golfer #42' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Exercise completed · golfer #42' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this failed job?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove job' }));
    expect(await screen.findByText('Job Removed')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/admin/queues/events-gamification/jobs/${eventId}`)).toBe(true);
  });

  it("names a failed scheduled job by its run in words, not the queue's job name and id", async () => {
    const enqueuedAt = '2026-11-29T03:00:00.000Z';
    const run = { id: 'repeat:billing.reconcile:1764385200000', name: 'billing.reconcile', failedReason: 'Stripe did not answer', attemptsMade: 2, enqueuedAt, failedAt: enqueuedAt, analysisId: null, eventType: null, userId: null };
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: { ...view, queues: [{ name: 'billing-reconcile', counts: { waiting: 0, active: 0, delayed: 1, completed: 3, failed: 1 }, failedJobs: [run], error: null }] } };
    renderApp('/admin/system');
    const block = await screen.findByRole('region', { name: 'Scheduled: check payments with Stripe' });
    const row = within(block).getByRole('list', { name: 'Failed jobs' });
    expect(row.textContent).toContain(`Run of ${dateTimeText(enqueuedAt)}`);
    expect(row.textContent).toContain('2 attempts');
    // When it failed, exactly and with the zone, on the page (not only in a hover title).
    expect(row.textContent).toContain(`Failed ${zonedDateTimeText(enqueuedAt)}`);
    expect(row.textContent).not.toContain('billing.reconcile');
    expect(row.textContent).not.toContain('repeat:');
  });

  it('tells a failed remeasure of an analysis from the failed analysis itself', async () => {
    const at = new Date().toISOString();
    const remeasure = { id: 'remeasure-5', name: 'analysis.remeasure', failedReason: 'video missing', attemptsMade: 2, enqueuedAt: at, failedAt: at, analysisId: 5, eventType: null, userId: null };
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: { ...view, queues: [{ ...view.queues[0]!, failedJobs: [view.queues[0]!.failedJobs[0]!, remeasure] }] } };
    renderApp('/admin/system');
    expect(await screen.findByRole('button', { name: 'Retry Measuring analysis #5 again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry Analysis #5' })).toBeTruthy();
  });

  it('names the job its Remove confirmation is about', async () => {
    routes['GET /api/admin/session'] = { status: 200, body: { admin: true } };
    routes['GET /api/admin/system'] = { status: 200, body: view };
    renderApp('/admin/system');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Analysis #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this failed job?' });
    expect(dialog.textContent).toContain('Analysis #5 (job analysis-5) will be deleted from the queue and never run again.');
  });
});
