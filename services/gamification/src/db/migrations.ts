import { sql, type Migration } from 'kysely';
import { inboxMigration, outboxLeaseMigration, outboxMigration, type Migrations } from '@swingfit/server-kit';

/* Migrations of the `gamification` schema, applied in name order. Append only; never edit a shipped one. */

const m0001_points: Migration = {
  async up(db) {
    await db.schema
      .createTable('points_ledger')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('source_event_id', 'text', (c) => c.notNull().unique())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('points_ledger_occurred_user').on('points_ledger').columns(['occurred_at', 'user_id']).execute();
    await db.schema.createIndex('points_ledger_user').on('points_ledger').columns(['user_id', 'occurred_at']).execute();
    // Append-only: corrections are new rows, so every window sum can be recomputed from history.
    await sql`create function points_ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'points_ledger is append-only'; end $$`.execute(db);
    await sql`create trigger points_ledger_no_change before update or delete on points_ledger
      for each row execute function points_ledger_append_only()`.execute(db);

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('user_profiles')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('first_name', 'text')
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

/**
 * The event backbone (issue 11): the relay's lease on outbox rows, and the profile version of the
 * stored copy, so a late or repeated account event never overwrites a newer one (0: not yet known).
 */
const m0004_backbone: Migration = {
  async up(db) {
    await outboxLeaseMigration().up(db);
    await db.schema.alterTable('user_profiles').addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/**
 * What each award is: its cause (a natural key, e.g. 'exercise:completion:42', unique so a cause earns
 * once even if two different events name it), the event type, the base x multiplier that made the
 * points, and the Central Time day they count for (the workout day of an exercise), so every total
 * can be recomputed from the ledger alone. Rows written before this were 10-point uploads keyed by event.
 */
const m0005_award_detail: Migration = {
  async up(db) {
    await sql`alter table points_ledger add column cause text, add column source_type text,
      add column base_points integer, add column multiplier numeric(4,2), add column award_day date`.execute(db);
    // The append-only trigger guards history against the application; this one-off fill is the schema's own.
    await sql`alter table points_ledger disable trigger points_ledger_no_change`.execute(db);
    await sql`update points_ledger set cause = 'event:' || source_event_id,
      source_type = case reason when 'upload' then 'analysis.uploaded' else 'unknown' end,
      base_points = points, multiplier = 1, award_day = (occurred_at at time zone 'America/Chicago')::date`.execute(db);
    await sql`alter table points_ledger enable trigger points_ledger_no_change`.execute(db);
    await sql`alter table points_ledger alter column cause set not null, alter column source_type set not null,
      alter column base_points set not null, alter column multiplier set not null, alter column award_day set not null`.execute(db);
    await sql`create unique index points_ledger_cause on points_ledger (cause)`.execute(db);
  },
};

/**
 * Read models written in the same transaction as each ledger row, so no read sums the ledger:
 * golfer_points (all-time total, counters for achievements, and the snapshot version),
 * period_points (per Central Time day, week and month) and month_point_counts (golfers per month
 * figure, for ranks). Filled from the ledger already recorded.
 */
const m0006_points_totals: Migration = {
  async up(db) {
    await db.schema
      .createTable('golfer_points')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('total_points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('exercises_completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('uploads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('period_points')
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
      .addColumn('period_start', 'date', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('period_points_pk', ['user_id', 'period', 'period_start'])
      .execute();
    // The leaderboard and the leaderboard news walk this index from the top: no sort, no ledger.
    await sql`create index period_points_month_board on period_points (period_start, points desc, user_id) where period = 'month'`.execute(db);
    // How many golfers stand at each month figure: a rank is 1 + the golfers above, summed over a few
    // hundred distinct figures instead of counted over every golfer of the month.
    await db.schema
      .createTable('month_point_counts')
      .addColumn('period_start', 'date', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('golfers', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('month_point_counts_pk', ['period_start', 'points'])
      .execute();

    await sql`insert into golfer_points (user_id, total_points, exercises_completed, uploads, version)
      select user_id, sum(points), count(*) filter (where reason = 'exercise'), count(*) filter (where reason = 'upload'), count(*)
      from points_ledger group by user_id`.execute(db);
    await sql`with days as (select user_id, points, award_day as day from points_ledger)
      insert into period_points (user_id, period, period_start, points)
      select user_id, 'day', day, sum(points) from days group by user_id, day
      union all select user_id, 'week', day - extract(dow from day)::int, sum(points) from days group by user_id, day - extract(dow from day)::int
      union all select user_id, 'month', date_trunc('month', day)::date, sum(points) from days group by user_id, date_trunc('month', day)::date`.execute(db);
    await sql`insert into month_point_counts (period_start, points, golfers)
      select period_start, points, count(*) from period_points where period = 'month' group by period_start, points`.execute(db);
  },
};

/**
 * Gamification's copy of each golfer's weekly streak (the gateway owns the streak; this copy, taken
 * from exercise.completed, decides streak-milestone notifications) and the achievements earned.
 */
const m0007_streaks_achievements: Migration = {
  async up(db) {
    await db.schema
      .createTable('golfer_streaks')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('weeks', 'integer', (c) => c.notNull())
      .addColumn('last_week', 'date', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('achievements')
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('earned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('achievements_pk', ['user_id', 'code'])
      .execute();
  },
};

/**
 * Notifications: a topic lets a burst of the same news collapse into the golfer's one unread notice
 * (today's exercises, being passed), keyset paging newest first, a cheap unread count, and a record
 * of each weekly reset sent so a retried or doubled run sends it once.
 */
const m0008_notification_topics: Migration = {
  async up(db) {
    await sql`alter table notifications add column topic text`.execute(db);
    await sql`create unique index notifications_open_topic on notifications (user_id, topic) where topic is not null and not is_read`.execute(db);
    await sql`drop index notifications_user_created`.execute(db);
    await sql`create index notifications_user_newest on notifications (user_id, created_at desc, id desc)`.execute(db);
    await sql`create index notifications_unread on notifications (user_id) where not is_read`.execute(db);
    await db.schema
      .createTable('weekly_resets')
      .addColumn('week', 'date', (c) => c.primaryKey())
      .addColumn('notified', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

export const gamificationMigrations: Migrations = {
  '0001_points': m0001_points,
  '0002_outbox': outboxMigration(),
  '0003_inbox': inboxMigration(),
  '0004_backbone': m0004_backbone,
  '0005_award_detail': m0005_award_detail,
  '0006_points_totals': m0006_points_totals,
  '0007_streaks_achievements': m0007_streaks_achievements,
  '0008_notification_topics': m0008_notification_topics,
};
