import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, RotateCcw } from 'lucide-react';
import { isLimitReached, type AdminUser, type ResetUsageResponse, type UsageField } from '@swingfit/contracts';
import { apiRequest } from '../../api/client';
import { Badge, Button, toast } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { isAdminAuthError, refreshAdminLists } from './api';
import { USAGE_COUNTERS, usageResetText, usageText } from './format';

function Counter({ label, used, limit, email, pending, onReset }: { label: string; used: number; limit: number; email: string; pending: boolean; onReset: () => void }) {
  const limited = limit < 999;
  const reached = isLimitReached(used, limit);
  return (
    <li className="ad-counter">
      <div className="ad-counter__text">
        <span className="ad-counter__label">{label}</span>
        <span className={`ad-counter__value${reached ? ' ad-counter__value--full' : ''}`}>{usageText(used, limit)}</span>
      </div>
      {/* A small gauge for plan-limited counters: full (amber) means the golfer is at the limit. */}
      {limited && (
        <span className="ad-gauge" aria-hidden>
          <span className={`ad-gauge__bar${reached ? ' ad-gauge__bar--full' : ''}`} style={{ width: `${Math.min(100, (used / limit) * 100)}%` }} />
        </span>
      )}
      <Button variant="outline" size="sm" onClick={onReset} loading={pending} aria-label={`Reset ${label} for ${email}`}>
        {!pending && <RotateCcw size={14} aria-hidden />}
        Reset
      </Button>
    </li>
  );
}

/** One golfer on /admin: who, plan, points, and the three usage counters with their reset buttons. */
export function UserCard({ user, onOpen }: { user: AdminUser; onOpen: (user: AdminUser) => void }) {
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: (field: UsageField) => apiRequest<ResetUsageResponse>('POST', `/api/admin/users/${user.id}/reset-usage`, { field }),
    onSuccess: async (_res, field) => {
      toast({ title: 'Usage Reset', description: usageResetText(field) });
      await refreshAdminLists(queryClient);
    },
    onError: (error) => {
      if (!isAdminAuthError(error)) toast({ title: 'Reset Failed', description: 'Failed to reset usage', variant: 'destructive' });
    },
  });

  return (
    <article className="sf-card ad-user" aria-label={user.email}>
      <button type="button" className="ad-user__head" onClick={() => onOpen(user)} aria-label={`Recent analyses of ${user.email}`}>
        <span className="ad-user__who">
          <span className="ad-user__email">{user.email}</span>
          <span className="ad-user__meta">
            ID {user.id} · Joined {formatDate(user.createdAt)}
          </span>
        </span>
        <Badge variant={user.isPremium ? 'premium' : 'neutral'}>{user.isPremium ? 'Premium' : 'Free'}</Badge>
        <ChevronRight size={18} className="ad-user__chevron" aria-hidden />
      </button>
      <dl className="ad-points">
        <div>
          <dt>Total points</dt>
          <dd>{user.totalPoints.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Weekly points</dt>
          <dd>{user.weeklyPoints.toLocaleString()}</dd>
        </div>
      </dl>
      <ul className="ad-counters" aria-label="Usage">
        {USAGE_COUNTERS.map((c) => (
          <Counter
            key={c.field}
            label={c.label}
            used={user[c.field]}
            limit={user.limits[c.limitKey]}
            email={user.email}
            pending={reset.isPending && reset.variables === c.field}
            onReset={() => reset.mutate(c.field)}
          />
        ))}
      </ul>
    </article>
  );
}
