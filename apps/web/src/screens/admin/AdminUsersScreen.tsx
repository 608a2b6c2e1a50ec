import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, RefreshCw, Search, User, Users } from 'lucide-react';
import { ADMIN_SEARCH_MIN_LENGTH, type AdminUser } from '@swingfit/contracts';
import { Button, EmptyState, ErrorState, Input, Spinner } from '../../components/ui';
import { ADMIN_STATS_KEY, useAdminStats, useAdminUsers } from './api';
import { AuditLog } from './AuditLog';
import { UserAnalysesDialog } from './UserAnalysesDialog';
import { RefreshFailed, refreshFailed } from './RefreshFailed';
import { useManualRefresh } from './useManualRefresh';
import { UserCard } from './UserCard';

/** Typing settles for this long before the list is searched: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function StatTile({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <div className="ad-stat">
      <span className="ad-stat__label">
        {icon}
        {label}
      </span>
      <span className="ad-stat__value">{value === undefined ? '—' : value.toLocaleString()}</span>
    </div>
  );
}

function UserList({ search, onOpen }: { search: string; onOpen: (u: AdminUser) => void }) {
  const users = useAdminUsers(search);
  if (users.isPending) return <div className="ad-center"><Spinner label="Loading users" /></div>;
  if (users.data === undefined) return <ErrorState title="Failed to load users" text="The list could not be loaded." onRetry={() => void users.refetch()} />;
  const list = users.data.pages.flatMap((p) => p.users);
  const stale = refreshFailed(users) && <RefreshFailed what="the list" loadedAt={users.dataUpdatedAt} />;
  if (list.length === 0) {
    return search.trim() ? <>{stale}<EmptyState title="No golfers found" text={`No email contains “${search.trim()}”.`} icon={<Search size={22} />} /></> : <>{stale}<EmptyState title="No golfers yet" text="Golfers appear here as soon as they sign up." /></>;
  }
  return (
    <div className="ad-stack">
      {stale}
      {list.map((u) => (
        <UserCard key={u.id} user={u} onOpen={onOpen} />
      ))}
      {users.hasNextPage && (
        <Button variant="outline" block onClick={() => void users.fetchNextPage()} loading={users.isFetchingNextPage}>
          Load more golfers
        </Button>
      )}
    </div>
  );
}

type Tab = 'users' | 'audit';

/** /admin: plan counts, the searchable user list with usage resets, and the audit log. */
export function AdminUsersScreen() {
  const queryClient = useQueryClient();
  const stats = useAdminStats();
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed, SEARCH_DEBOUNCE_MS).trim();
  // One or two letters would read every golfer and match most of them: the list stays whole until the third.
  const tooShort = settled.length > 0 && settled.length < ADMIN_SEARCH_MIN_LENGTH;
  const search = tooShort ? '' : settled;
  const [tab, setTab] = useState<Tab>('users');
  const [opened, setOpened] = useState<AdminUser | null>(null);
  const { refreshing, refresh } = useManualRefresh(() =>
    Promise.all([queryClient.refetchQueries({ queryKey: ADMIN_STATS_KEY }), queryClient.refetchQueries({ queryKey: ['/api/admin/users'] }), queryClient.refetchQueries({ queryKey: ['/api/admin/audit'] })]),
  );

  return (
    <div className="ad-screen">
      <div className="ad-row ad-row--between">
        <div>
          <h1 className="ad-title">Admin Panel</h1>
          <p className="ad-subtitle">Golfers, their usage, and what admins did.</p>
        </div>
        <Button variant="outline" size="sm" onClick={refresh} loading={refreshing}>
          {!refreshing && <RefreshCw size={14} aria-hidden />}
          Refresh
        </Button>
      </div>

      <section className="ad-stats" aria-label="User counts">
        <StatTile label="Total Users" value={stats.data?.total} icon={<Users size={14} aria-hidden />} />
        <StatTile label="Premium" value={stats.data?.premium} icon={<Crown size={14} aria-hidden />} />
        <StatTile label="Free" value={stats.data?.free} icon={<User size={14} aria-hidden />} />
      </section>
      {stats.isError && stats.data === undefined && <p className="sf-alert" role="alert">The user counts could not be loaded.</p>}
      {refreshFailed(stats) && <RefreshFailed what="the user counts" loadedAt={stats.dataUpdatedAt} />}

      <div className="ad-tabs" role="tablist" aria-label="Admin lists">
        {(['users', 'audit'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={`ad-tab${tab === t ? ' ad-tab--active' : ''}`} onClick={() => setTab(t)}>
            {t === 'users' ? 'Users' : 'Audit log'}
          </button>
        ))}
      </div>

      {tab === 'users' ? (
        <div role="tabpanel" aria-label="Users" className="ad-stack">
          <label className="ad-search">
            <Search size={16} aria-hidden className="ad-search__icon" />
            <span className="sf-visually-hidden">Search golfers by email</span>
            <Input type="search" inputMode="email" autoComplete="off" placeholder="Search by email" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </label>
          {tooShort && <p className="ad-note">Type at least {ADMIN_SEARCH_MIN_LENGTH} characters of the email to search.</p>}
          <UserList search={search} onOpen={setOpened} />
        </div>
      ) : (
        <div role="tabpanel" aria-label="Audit log">
          <AuditLog />
        </div>
      )}
      <UserAnalysesDialog user={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
