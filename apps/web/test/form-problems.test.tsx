import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { EMAIL_TAKEN, INVALID_ADMIN_PASSWORD, INVALID_CREDENTIALS, type UploadStatus, type VideoCatalogSummary } from '@swingfit/contracts';
import { apiGet } from '../src/api/client';
import { AppRoutes } from '../src/App';
import { Toaster, resetToasts } from '../src/components/ui/toast';
import { makeUser, wrap } from './helpers';

/*
 * Every form of the app, walked through the real routes to a refusal: a field with a problem carries
 * aria-invalid and aria-describedby pointing at its message, no message under a field is left unlinked, and
 * focus is on the first field marked. (The upload screen's club choice showed its message as loose text.)
 *
 * Not walked: the workout log's Sets / Reps / Weight refuse nothing (section 5: invalid is 0), the plan
 * choice always has a plan, and the card fields are Stripe's own, in its frame.
 */
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));

type Answer = { status?: number; body?: unknown };
let routes: Record<string, Answer>;

beforeEach(() => {
  routes = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const answer = routes[`${init.method ?? 'GET'} ${String(url).split('?')[0]}`] ?? { status: 404, body: { message: 'Not Found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

function openAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
  render(
    wrap(
      <>
        <AppRoutes />
        <Toaster />
      </>,
      client,
      path,
    ),
  );
}

const signedIn = () => {
  routes['GET /api/auth/user'] = { body: makeUser({ id: 7 }) };
  routes['GET /api/users/7'] = { body: makeUser({ id: 7 }) };
};

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const describedIds = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.id ?? el.tagName;
/** The radios of one group are one field. */
const fieldOf = (el: Element | null) => (el instanceof HTMLInputElement && el.type === 'radio' ? `radio:${el.name}` : el);

/** The rule of this file, checked on whatever the screen now shows. */
function expectProblemsLinked(expected: HTMLElement) {
  const marked = Array.from(document.querySelectorAll('[aria-invalid="true"]'));
  expect(marked.length, 'no field is marked aria-invalid').toBeGreaterThan(0);
  for (const el of marked) {
    const message = describedIds(el)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ')
      .trim();
    expect(message, `${nameOf(el)} is marked invalid but no message is linked to it`).not.toBe('');
  }
  const linked = new Set(marked.flatMap(describedIds));
  for (const message of Array.from(document.querySelectorAll('.sf-field__error'))) {
    expect(message.id !== '' && linked.has(message.id), `'${message.textContent}' is not linked to a marked field`).toBe(true);
  }
  expect(expected.getAttribute('aria-invalid'), `${nameOf(expected)} is not marked`).toBe('true');
  expect(document.activeElement, 'focus is not on the field with the problem').toBe(expected);
  const firstControl = marked.find((el) => el.matches('input, select, textarea'));
  expect(fieldOf(document.activeElement)).toBe(fieldOf(firstControl ?? null));
}

describe('sign up', () => {
  it('an empty form marks every field, focus on the first name', async () => {
    openAt('/sign-up');
    press('Create Account');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('First name')));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("the server's 'already exists' is the email field's", async () => {
    routes['POST /api/auth/register'] = { status: 409, body: { message: EMAIL_TAKEN } };
    openAt('/sign-up');
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Email', 'ann@example.com');
    type('Password', 'long-enough-pass');
    press('Create Account');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('Email')));
    expect(screen.getByText(EMAIL_TAKEN)).toBeTruthy();
  });
});

describe('sign in', () => {
  it('an empty form marks email and password, focus on email', async () => {
    openAt('/sign-in');
    press('Sign In');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('Email')));
  });

  it('refused credentials are said at the password', async () => {
    routes['POST /api/auth/login'] = { status: 401, body: { message: INVALID_CREDENTIALS } };
    openAt('/sign-in');
    type('Email', 'ann@example.com');
    type('Password', 'wrong-pass');
    press('Sign In');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('Password')));
    // The mark goes once the golfer retypes.
    type('Password', 'other-pass');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('profile', () => {
  it('a cleared first name', async () => {
    signedIn();
    openAt('/profile');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit$/ }));
    type('First name', '');
    press('Save');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('First name')));
  });

  it('change password: an empty form, then a wrong current password', async () => {
    signedIn();
    routes['POST /api/auth/change-password'] = { status: 400, body: { message: 'Current password is incorrect' } };
    openAt('/profile');
    fireEvent.click(await screen.findByRole('button', { name: /Change Password/ }));
    press('Change');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('Current password')));
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    type('Current password', 'old-pass');
    type('New password', 'new-long-pass');
    press('Change');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('Current password')));
    expect(screen.getByText('Current password is incorrect')).toBeTruthy();
  });
});

describe('upload', () => {
  const STATUS: UploadStatus = {
    isPremium: false, isFreeLimitReached: false, canUploadDriver: true, canUploadSevenIron: true, weeklyDriverUploaded: false, weeklySevenIronUploaded: false,
    videoUploadsUsed: 0, videoUploadsLimit: 1, weekResetsAt: '2026-05-17T05:00:00.000Z',
  };

  /** An XMLHttpRequest answered at once with the gateway's refusal (the upload uses XHR for its progress). */
  class RefusingXhr {
    static answer = { status: 400, body: {} as unknown };
    status = 0;
    responseText = '';
    upload = {};
    withCredentials = false;
    onload?: () => void;
    open() {}
    getResponseHeader() {
      return null;
    }
    send() {
      this.status = RefusingXhr.answer.status;
      this.responseText = JSON.stringify(RefusingXhr.answer.body);
      setTimeout(() => this.onload?.(), 0);
    }
  }

  async function openUpload() {
    signedIn();
    routes['GET /api/upload-status/7'] = { body: STATUS };
    openAt('/upload');
    return (await screen.findByTestId('faceOnVideo-input')) as HTMLInputElement;
  }
  const pickVideo = (input: HTMLInputElement) => fireEvent.change(input, { target: { files: [new File(['swing'], 'swing.mp4', { type: 'video/mp4' })] } });

  it('no face-on video', async () => {
    const input = await openUpload();
    press(/Upload & Analyze/);
    await waitFor(() => expectProblemsLinked(input));
  });

  it('an age out of bounds', async () => {
    pickVideo(await openUpload());
    type(/Age/, '5');
    press(/Upload & Analyze/);
    await waitFor(() => expectProblemsLinked(screen.getByLabelText(/Age/)));
  });

  it("the club the server refused ('Invalid Club Selection') is marked at the club choice", async () => {
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    RefusingXhr.answer = {
      status: 400,
      body: { message: 'Choose Driver or 7-Iron', title: 'Invalid Club Selection', errors: [{ field: 'clubSelection', message: 'Choose Driver or 7-Iron' }] },
    };
    pickVideo(await openUpload());
    press(/Upload & Analyze/);
    await screen.findByText('Choose Driver or 7-Iron', { selector: '.sf-field__error' });
    expectProblemsLinked(screen.getByRole('radio', { name: 'Driver' }));
    expect(screen.getByRole('radiogroup', { name: 'Club' }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('admin', () => {
  it('a wrong admin password', async () => {
    routes['POST /api/admin/login'] = { status: 401, body: { message: INVALID_ADMIN_PASSWORD } };
    openAt('/admin-login');
    type('Admin password', 'wrong');
    press('Access Admin Panel');
    await waitFor(() => expectProblemsLinked(screen.getByLabelText('Admin password')));
  });

  it('a refused spreadsheet marks the file field with the rows refused', async () => {
    const summary: VideoCatalogSummary = { total: 1, active: 1, fileName: 'golf-exercise-videos.xlsx', fileSizeBytes: 1000, categories: [] } as unknown as VideoCatalogSummary;
    routes['GET /api/admin/session'] = { body: { admin: true } };
    routes['GET /api/admin/exercise-videos/summary'] = { body: summary };
    routes['POST /api/admin/exercise-videos/import'] = {
      status: 400,
      body: { message: 'The spreadsheet has 1 problem; nothing was changed.', errorCount: 1, rowErrors: [{ sheet: 'Videos', row: 7, column: 'Category', reason: 'Unknown category' }] },
    };
    openAt('/admin/downloads');
    const file = await screen.findByLabelText('Spreadsheet file');
    fireEvent.change(file, { target: { files: [new File(['xlsx'], 'edited.xlsx')] } });
    press('Import Spreadsheet');
    await waitFor(() => expectProblemsLinked(file));
  });
});
