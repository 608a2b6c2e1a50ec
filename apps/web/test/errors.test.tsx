import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../src/api/client';
import { CONNECTION_PROBLEM, errorText } from '../src/lib/errors';
import { NO_CHECKOUT_URL } from '../src/api/billing';
import { SignInScreen } from '../src/screens/auth/SignInScreen';
import { testQueryClient, wrap } from './helpers';
import { stubServer } from './fake-server';

afterEach(() => vi.unstubAllGlobals());

describe('errorText: what a golfer reads for a failed call', () => {
  it("gives the server's own message", () => {
    expect(errorText(new ApiError(401, '401: {"message":"Invalid email or password"}', { message: 'Invalid email or password' }))).toBe('Invalid email or password');
  });

  it('never the raw "status: body" line of an answer without a message (a proxy page, an empty 500, JSON without message)', () => {
    expect(errorText(new ApiError(500, '500: Internal Server Error', undefined))).toBe('Something went wrong. Please try again.');
    expect(errorText(new ApiError(502, '502: <html><body>Bad Gateway</body></html>', '<html><body>Bad Gateway</body></html>'))).toBe('Something went wrong. Please try again.');
    expect(errorText(new ApiError(500, '500: {"error":"x"}', { error: 'x' }), 'Please try again.')).toBe('Please try again.');
  });

  it("says the connection failed rather than the browser's 'Failed to fetch'", () => {
    expect(errorText(new TypeError('Failed to fetch'))).toBe(CONNECTION_PROBLEM);
    expect(errorText(new TypeError('Load failed'))).toBe(CONNECTION_PROBLEM);
  });

  it("keeps the app's own messages (section 8's 'No checkout URL received from server')", () => {
    expect(errorText(new Error(NO_CHECKOUT_URL))).toBe(NO_CHECKOUT_URL);
  });
});

describe('sign-in with the server unreachable', () => {
  it("shows a plain sentence, not '500: Internal Server Error'", async () => {
    const server = stubServer();
    server.routes.set('POST /api/auth/login', { status: 500 });
    render(wrap(<SignInScreen />, testQueryClient(), '/sign-in'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong. Please try again.');
    expect(alert.textContent).not.toMatch(/500/);
  });
});
