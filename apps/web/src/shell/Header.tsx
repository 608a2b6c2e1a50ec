import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { User } from '@swingfit/contracts';
import { TIMING_MS } from '@swingfit/contracts';
import { NOTIFICATIONS_KEY, fetchNotificationPage } from '../api/notifications';
import { refreshPoints } from '../api/points';
import { initials, unreadBadgeText } from '../lib/format';
import { NotificationsPanel } from './NotificationsPanel';
import { Logo } from './Logo';

export function Header({ user }: { user: User }) {
  const [panelOpen, setPanelOpen] = useState(false);
  const queryClient = useQueryClient();
  const notifications = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: () => fetchNotificationPage(), refetchInterval: TIMING_MS.notificationsPoll });
  // A failed poll shows no badge rather than a stale or wrong count.
  const badge = notifications.isError ? null : unreadBadgeText(notifications.data?.unread ?? 0);

  // A notice newer than the last one seen means points, position or streak may have moved: read them again.
  const newest = notifications.data?.items[0]?.id;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && newest !== seen.current) refreshPoints(queryClient);
    seen.current = newest;
  }, [newest, queryClient]);

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
