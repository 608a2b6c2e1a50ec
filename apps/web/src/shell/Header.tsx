import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { User } from '@swingfit/contracts';
import { TIMING_MS } from '@swingfit/contracts';
import { NOTIFICATIONS_KEY, countUnread, type AppNotification } from '../api/notifications';
import { initials, unreadBadgeText } from '../lib/format';
import { NotificationsPanel } from './NotificationsPanel';
import { Logo } from './Logo';

export function Header({ user }: { user: User }) {
  const [panelOpen, setPanelOpen] = useState(false);
  const notifications = useQuery<AppNotification[]>({ queryKey: NOTIFICATIONS_KEY, refetchInterval: TIMING_MS.notificationsPoll });
  // A failed poll shows no badge rather than a stale or wrong count.
  const badge = notifications.isError ? null : unreadBadgeText(countUnread(notifications.data));

  return (
    <header className="sf-header">
      <Link to="/" className="sf-logo" aria-label="SwingFit home">
        <Logo />
      </Link>
      <div className="sf-header__actions">
        <button
          type="button"
          className="sf-bell"
          aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
          aria-expanded={panelOpen}
          onClick={() => setPanelOpen(true)}
        >
          <Bell size={22} />
          {badge && (
            <span className="sf-bell__badge" data-testid="unread-badge">
              {badge}
            </span>
          )}
        </button>
        <Link to="/profile" className="sf-avatar" aria-label="Profile">
          {initials(user.firstName, user.lastName)}
        </Link>
      </div>
      <NotificationsPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </header>
  );
}
