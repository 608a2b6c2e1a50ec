import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileScreen } from '../src/screens/profile/ProfileScreen';
import { Toaster, resetToasts } from '../src/components/ui/toast';
import { AUTH_USER_KEY } from '../src/hooks/useAuth';
import { makeUser, testQueryClient, wrap } from './helpers';
import type { User } from '@swingfit/contracts';

afterEach(() => act(() => resetToasts()));

function renderProfile(user: User | null, failing = false) {
  const client = testQueryClient({ failing });
  client.setQueryData(AUTH_USER_KEY, makeUser());
  if (user) client.setQueryData([`/api/users/${user.id}`], user);
  return render(
    wrap(
      <>
        <ProfileScreen />
        <Toaster />
      </>,
      client,
      '/profile',
    ),
  );
}

describe('profile', () => {
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

  it('shows the Free badge, the upgrade button and no payment method for a free user', () => {
    renderProfile(makeUser({ isPremium: false }));
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upgrade to Premium/ })).toBeTruthy();
    expect(screen.getByText('No payment method on file')).toBeTruthy();
  });

  it('opens the change-password dialog for a local account', () => {
    renderProfile(makeUser({ authProvider: 'local' }));
    fireEvent.click(screen.getByRole('button', { name: /Change Password/ }));
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByText(/signs out your other sessions/)).toBeTruthy();
  });
});
