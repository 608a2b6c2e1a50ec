import { isPremiumAt } from '@swingfit/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';

/** The columns of core.users the Premium rule reads. */
export interface PremiumColumns {
  is_premium: boolean;
  subscription_status: string | null;
  subscription_end_date: Date | string | null;
  subscription_cancel_at_period_end: boolean;
}

/**
 * Is this user Premium at `now`? Billing's reported state through the shared rule (contracts'
 * isPremiumAt), so a cancelled subscription stops at the end of its paid period even before the
 * webhook about that end arrives. A user billing never reported on keeps the stored flag.
 */
export function premiumNow(row: PremiumColumns, now = new Date()): boolean {
  if (row.subscription_status === null) return row.is_premium;
  return isPremiumAt({ status: row.subscription_status, currentPeriodEnd: row.subscription_end_date, cancelAtPeriodEnd: row.subscription_cancel_at_period_end }, now);
}

/**
 * The same rule in SQL, for counts over many users. The stored flag was isPremiumAt at the time billing
 * reported, so it only needs lowering once a cancelled subscription's period is over.
 */
export function premiumNowSql(now = new Date()): Expression<SqlBool> {
  return sql<SqlBool>`(is_premium and not (subscription_cancel_at_period_end and subscription_end_date is not null and subscription_end_date <= ${now}))`;
}
