import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '../src/shell/Header';
import { NOTIFICATIONS_KEY } from '../src/api/notifications';
import { makeNotifications, makeUser, testQueryClient, wrap } from './helpers';

describe('header', () => {
  it.each([
    [3, '3'],
    [9, '9'],
    [12, '9+'],
  ])('shows %i unread as %s', (unread, text) => {
    const client = testQueryClient();
    client.setQueryData(NOTIFICATIONS_KEY, makeNotifications(15, unread));
    render(wrap(<Header user={makeUser()} />, client));
    expect(screen.getByTestId('unread-badge').textContent).toBe(text);
  });

  it('shows no badge when nothing is unread', () => {
    const client = testQueryClient();
    client.setQueryData(NOTIFICATIONS_KEY, makeNotifications(4, 0));
    render(wrap(<Header user={makeUser()} />, client));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('shows no badge when the notifications call fails', async () => {
    render(wrap(<Header user={makeUser()} />, testQueryClient({ failing: true })));
    await screen.findByLabelText('Notifications');
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it("shows the user's initials, or U without a name, linking to /profile", () => {
    const { unmount } = render(wrap(<Header user={makeUser()} />, testQueryClient()));
    expect(screen.getByLabelText('Profile').textContent).toBe('AL');
    expect(screen.getByLabelText('Profile').getAttribute('href')).toBe('/profile');
    unmount();
    render(wrap(<Header user={makeUser({ firstName: null, lastName: null })} />, testQueryClient()));
    expect(screen.getByLabelText('Profile').textContent).toBe('U');
  });
});

describe('notifications panel', () => {
  it('offers Mark All Read only for a non-empty list, disabled when all are read', () => {
    const client = testQueryClient();
    client.setQueryData(NOTIFICATIONS_KEY, makeNotifications(2, 0));
    render(wrap(<Header user={makeUser()} />, client));
    fireEvent.click(screen.getByLabelText('Notifications'));
    expect((screen.getByRole('button', { name: 'Mark All Read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state and no Mark All Read for an empty list; tapping outside closes it', () => {
    const client = testQueryClient();
    client.setQueryData(NOTIFICATIONS_KEY, []);
    render(wrap(<Header user={makeUser()} />, client));
    fireEvent.click(screen.getByLabelText('Notifications'));
    expect(screen.getByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText('Complete exercises and upload videos to get updates!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
    fireEvent.mouseDown(screen.getByTestId('sheet-overlay'));
    expect(screen.queryByText('No notifications yet')).toBeNull();
  });

  it('shows the loading text while the list is on its way', () => {
    render(wrap(<Header user={makeUser()} />, testQueryClient()));
    fireEvent.click(screen.getByLabelText('Notifications'));
    expect(screen.getByText('Loading notifications...')).toBeTruthy();
  });
});
