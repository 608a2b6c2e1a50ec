import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@swingfit/contracts';
import { Header } from '../src/shell/Header';
import { NOTIFICATIONS_KEY, NOTIFICATION_PAGES_KEY, type NotificationPage } from '../src/api/notifications';
import { NOTIFICATION_UPDATE_FAILED, OLDER_NOTIFICATIONS_FAILED } from '../src/shell/NotificationsPanel';
import { makeNotifications, makeUser, testQueryClient, wrap } from './helpers';
import { stubServer } from './fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (items: Notification[], unread = items.filter((n) => !n.isRead).length, nextBefore?: number): NotificationPage => ({ items, unread, nextBefore });

/** Fills the header's poll and the panel's pages as the server would answer them. */
function withNotifications(items: Notification[], unread?: number, nextBefore?: number) {
  const client = testQueryClient();
  client.setQueryData(NOTIFICATIONS_KEY, page(items, unread, nextBefore));
  client.setQueryData(NOTIFICATION_PAGES_KEY, { pages: [page(items, unread, nextBefore)], pageParams: [undefined] });
  return client;
}

describe('header', () => {
  it.each([
    [3, '3'],
    [9, '9'],
    [12, '9+'],
  ])('shows %i unread as %s', (unread, text) => {
    render(wrap(<Header user={makeUser()} />, withNotifications(makeNotifications(15, unread))));
    expect(screen.getByTestId('unread-badge').textContent).toBe(text);
  });

  it('counts the unread over every page, as the server reports it, not only the first page', () => {
    render(wrap(<Header user={makeUser()} />, withNotifications(makeNotifications(3, 1), 14)));
    expect(screen.getByTestId('unread-badge').textContent).toBe('9+');
    expect(screen.getByLabelText('Notifications, 9+ unread')).toBeTruthy();
  });

  it('shows no badge when nothing is unread', () => {
    render(wrap(<Header user={makeUser()} />, withNotifications(makeNotifications(4, 0))));
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
    render(wrap(<Header user={makeUser()} />, withNotifications(makeNotifications(2, 0))));
    fireEvent.click(screen.getByLabelText('Notifications'));
    expect((screen.getByRole('button', { name: 'Mark All Read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('All caught up')).toBeTruthy();
  });

  it('shows the empty state and no Mark All Read for an empty list; tapping outside closes it', () => {
    render(wrap(<Header user={makeUser()} />, withNotifications([])));
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

  it('marks all read, one read, and deletes one, each on its own route; buttons wait while a request is pending', async () => {
    // A stand-in server holding the golfer's notifications.
    let items = makeNotifications(3, 3);
    const calls: string[] = [];
    let release: () => void = () => {};
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-unread-count': String(items.filter((n) => !n.isRead).length) } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'GET') return json(items);
      if (method === 'DELETE') {
        items = items.filter((n) => url !== `/api/notifications/${n.id}`);
        return new Response(null, { status: 204 });
      }
      if (url.endsWith('/read-all')) {
        await new Promise<void>((r) => (release = r));
        items = items.map((n) => ({ ...n, isRead: true }));
        return json({ updated: 3 });
      }
      items = items.map((n) => (url === `/api/notifications/${n.id}/read` ? { ...n, isRead: true } : n));
      return json(items[0]);
    });
    render(wrap(<Header user={makeUser()} />, withNotifications(items)));
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(screen.getByLabelText('3 unread').textContent).toBe('3');
    // The count is said once, by the title's badge.
    expect(screen.queryByText(/\d+ unread/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mark "Note 1" as read' }));
    await waitFor(() => expect(calls).toContain('PATCH /api/notifications/1/read'));
    await waitFor(() => expect(screen.getByLabelText('2 unread')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Delete "Note 3"' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/notifications/3'));
    await waitFor(() => expect(screen.queryByText('Note 3')).toBeNull());

    const markAll = screen.getByRole('button', { name: 'Mark All Read' }) as HTMLButtonElement;
    fireEvent.click(markAll);
    await waitFor(() => expect(markAll.disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Delete "Note 2"' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(calls).toContain('PATCH /api/notifications/read-all'));
    await waitFor(() => expect(screen.getByText('All caught up')).toBeTruthy());
    expect(markAll.disabled).toBe(true);
  });

  it('says so when marking read, marking all read or deleting fails, instead of leaving the item as it was without a word', async () => {
    const server = stubServer();
    const items = makeNotifications(2, 2);
    server.routes.set('GET /api/notifications', { body: items });
    server.routes.set('PATCH /api/notifications/1/read', { status: 500, body: { message: 'Internal server error' } });
    server.routes.set('DELETE /api/notifications/2', { status: 500, body: { message: 'Internal server error' } });
    server.routes.set('PATCH /api/notifications/read-all', { status: 500, body: { message: 'Internal server error' } });
    render(wrap(<Header user={makeUser()} />, withNotifications(items)));
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Mark "Note 1" as read' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFICATION_UPDATE_FAILED.read);
    fireEvent.click(screen.getByRole('button', { name: 'Delete "Note 2"' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOTIFICATION_UPDATE_FAILED.delete));
    expect(screen.getByText('Note 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOTIFICATION_UPDATE_FAILED.readAll));
  });

  it('says so when the older notifications fail to load, keeping the button to try again', async () => {
    const server = stubServer();
    server.routes.set('GET /api/notifications?before=2', { status: 500, body: { message: 'Internal server error' } });
    render(wrap(<Header user={makeUser()} />, withNotifications(makeNotifications(2, 0), 0, 2)));
    fireEvent.click(screen.getByLabelText('Notifications'));
    fireEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe(OLDER_NOTIFICATIONS_FAILED);
    expect(screen.getAllByTestId('notification')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show older notifications' })).toBeTruthy();
  });

  it('loads older notifications after the last one shown', async () => {
    const older = makeNotifications(1, 0).map((n) => ({ ...n, id: 99, title: 'An older one' }));
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify(older), { status: 200, headers: { 'content-type': 'application/json', 'x-unread-count': '0' } });
    });
    render(wrap(<Header user={makeUser()} />, withNotifications(makeNotifications(2, 0), 0, 2)));
    fireEvent.click(screen.getByLabelText('Notifications'));
    fireEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await screen.findByText('An older one');
    expect(calls).toContain('/api/notifications?before=2');
    expect(screen.getAllByTestId('notification')).toHaveLength(3);
  });
});
