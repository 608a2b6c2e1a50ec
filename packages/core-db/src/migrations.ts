import { sql, type Migration } from 'kysely';
import { inboxMigration, outboxLeaseMigration, outboxMigration, type Migrations } from '@swingfit/server-kit';

/*
 * Migrations of the `core` schema, applied in name order. Services that share the schema
 * (analysis-worker) run the same list, so either may start first. Append only; never edit a shipped one.
 */

const m0001_accounts: Migration = {
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('auth_provider', 'text', (c) => c.notNull().defaultTo('local'))
      .addColumn('oidc_subject', 'text', (c) => c.unique())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('handicap', sql`numeric(4,1)`)
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('monthly_points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weekly_points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_premium', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('video_uploads_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('analysis_views_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('workout_views_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stripe_customer_id', 'text')
      .addColumn('stripe_subscription_id', 'text')
      .addColumn('subscription_end_date', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('user_agent', 'text')
      .addColumn('ip', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  },
};

const m0004_swing_analyses: Migration = {
  async up(db) {
    await db.schema
      .createTable('swing_analyses')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('club_selection', 'text', (c) => c.notNull())
      .addColumn('tour_comparison', 'text', (c) => c.notNull().defaultTo('pga'))
      .addColumn('gender', 'text')
      .addColumn('age', 'integer')
      .addColumn('club_speed', sql`numeric(5,1)`)
      .addColumn('ball_speed', sql`numeric(5,1)`)
      .addColumn('carry', sql`numeric(5,1)`)
      .addColumn('total', sql`numeric(5,1)`)
      .addColumn('spin_rate', sql`numeric(6,0)`)
      .addColumn('club_path', sql`numeric(4,1)`)
      .addColumn('face_angle', sql`numeric(4,1)`)
      // Object keys in the bucket; media holds derived keys per view: { 'face-on': { playback, poster, keyframes: {...}, pose } }
      .addColumn('face_on_key', 'text')
      .addColumn('down_the_line_key', 'text')
      .addColumn('media', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('probe', 'jsonb')
      .addColumn('launch_monitor', 'jsonb')
      .addColumn('pose', 'jsonb')
      .addColumn('down_the_line_pose', 'jsonb')
      .addColumn('technical_details', 'jsonb')
      .addColumn('mobility_analysis', 'jsonb')
      .addColumn('analysis_results', 'jsonb')
      .addColumn('swing_strengths', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('swing_weaknesses', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('key_issues', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('recommendations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('exercise_recommendations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('performance_assessment', 'text')
      .addColumn('launch_monitor_assessment', 'text')
      // The allowance this upload consumed: Sunday 00:00 America/Chicago of its week (premium weekly limit).
      .addColumn('upload_week', 'date', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('completed_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('swing_analyses_user_created').on('swing_analyses').columns(['user_id', 'created_at']).execute();
  },
};

/**
 * Premium allowance spent per club and week. Kept apart from swing_analyses so deleting an analysis
 * does not hand the week's upload back (delete and re-upload would otherwise be unlimited).
 */
const m0005_upload_allowances: Migration = {
  async up(db) {
    await db.schema
      .createTable('upload_allowances')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('club_selection', 'text', (c) => c.notNull())
      .addColumn('upload_week', 'date', (c) => c.notNull())
      .addColumn('analysis_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('upload_allowances_user_week').on('upload_allowances').columns(['user_id', 'upload_week']).execute();
    await sql`insert into upload_allowances (user_id, club_selection, upload_week, analysis_id, created_at)
      select user_id, club_selection, upload_week, id, created_at from swing_analyses`.execute(db);
  },
};

/** The admin audit log: append-only, so what an admin did cannot be edited away afterwards. */
const m0006_admin_audit: Migration = {
  async up(db) {
    await db.schema
      .createTable('admin_audit')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('admin_session_id', 'bigint')
      .addColumn('target_user_id', 'bigint')
      .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('admin_audit_occurred').on('admin_audit').columns(['occurred_at', 'id']).execute();
    await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'admin_audit is append-only'; end $$`.execute(db);
    await sql`create trigger admin_audit_no_change before update or delete on admin_audit
      for each row execute function admin_audit_append_only()`.execute(db);
  },
};

/**
 * The event and job backbone (issue 11): the relay's lease on outbox rows, the profile version the
 * account events carry (order-safe copies downstream), and the reconciler's re-queue count with an
 * index over the only rows it ever looks at.
 */
const m0007_backbone: Migration = {
  async up(db) {
    await outboxLeaseMigration().up(db);
    await db.schema.alterTable('users').addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('swing_analyses').addColumn('requeues', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`create index swing_analyses_unfinished on swing_analyses (updated_at) where status in ('pending', 'processing')`.execute(db);
  },
};

/**
 * The exercise catalog and the exercise-video catalog, in `core`: the gateway serves workouts, and a
 * completion must check the exercise, move the streak and publish its event in one transaction.
 * `slug` and `video_key` are the stable ids the seed and the spreadsheet match rows on.
 */
const m0008a_catalog: Migration = {
  async up(db) {
    await db.schema
      .createTable('exercises')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('instructions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('coaching_cues', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('library_category', 'text', (c) => c.notNull().check(sql`library_category in ('mobility', 'strength', 'balance')`))
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('difficulty', 'smallint', (c) => c.notNull().check(sql`difficulty between 1 and 5`))
      .addColumn('duration_seconds', 'integer', (c) => c.notNull().check(sql`duration_seconds > 0`))
      .addColumn('sets', 'integer', (c) => c.notNull().check(sql`sets > 0`))
      .addColumn('repetitions', 'integer', (c) => c.check(sql`repetitions > 0`))
      .addColumn('is_premium', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('image_url', 'text')
      .addColumn('rating', sql`numeric(2,1)`, (c) => c.check(sql`rating between 0 and 5`))
      .addColumn('equipment', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // Completions and logs name exercises; names are unique regardless of case.
    await sql`create unique index exercises_name_lower on exercises (lower(name))`.execute(db);
    await db.schema.createIndex('exercises_category').on('exercises').columns(['category', 'is_premium']).execute();

    await db.schema
      .createTable('exercise_videos')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('video_key', 'text', (c) => c.notNull().unique())
      .addColumn('exercise_id', 'bigint', (c) => c.references('exercises.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('youtube_id', 'text', (c) => c.notNull().check(sql`youtube_id ~ '^[A-Za-z0-9_-]{11}$'`))
      .addColumn('duration_seconds', 'integer')
      .addColumn('difficulty', 'smallint', (c) => c.check(sql`difficulty between 1 and 5`))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('focus_areas', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('target_muscles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('equipment', 'text')
      .addColumn('instructor', 'text')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('exercise_videos_youtube').on('exercise_videos').column('youtube_id').execute();
    await db.schema.createIndex('exercise_videos_exercise').on('exercise_videos').column('exercise_id').execute();
    await db.schema.createIndex('exercise_videos_category').on('exercise_videos').column('category').execute();
  },
};

/**
 * Daily workouts (one per golfer and Central Time day, so a restart changes nothing), their exercises,
 * completions (once per golfer, day and exercise: the unique key decides between concurrent requests),
 * exercise logs, and the week the streak last moved in (`users.streak` holds its length in weeks).
 */
const m0008b_workouts: Migration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('streak_week', 'date').execute();

    await db.schema
      .createTable('daily_workouts')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('workout_date', 'date', (c) => c.notNull())
      .addColumn('analysis_id', 'bigint')
      .addColumn('focus_areas', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('daily_workouts_user_date', ['user_id', 'workout_date'])
      .execute();

    await db.schema
      .createTable('daily_workout_exercises')
      .addColumn('workout_id', 'bigint', (c) => c.notNull().references('daily_workouts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('exercise_id', 'bigint', (c) => c.notNull().references('exercises.id'))
      .addColumn('focus_area', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_workout_exercises_pk', ['workout_id', 'position'])
      .addUniqueConstraint('daily_workout_exercises_once', ['workout_id', 'exercise_id'])
      .execute();

    await db.schema
      .createTable('exercise_completions')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('workout_date', 'date', (c) => c.notNull())
      .addColumn('exercise_id', 'bigint', (c) => c.notNull().references('exercises.id'))
      .addColumn('exercise_name', 'text', (c) => c.notNull())
      .addColumn('streak_weeks', 'integer', (c) => c.notNull())
      .addColumn('base_points', 'integer', (c) => c.notNull())
      .addColumn('multiplier', sql`numeric(4,2)`, (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('exercise_completions_once', ['user_id', 'workout_date', 'exercise_id'])
      .execute();

    await db.schema
      .createTable('exercise_logs')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('exercise_id', 'bigint', (c) => c.references('exercises.id').onDelete('set null'))
      .addColumn('exercise_name', 'text', (c) => c.notNull())
      .addColumn('workout_date', 'date', (c) => c.notNull())
      .addColumn('sets', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reps', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration_seconds', 'integer')
      .addColumn('notes', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index exercise_logs_user_exercise on exercise_logs (user_id, lower(exercise_name), workout_date desc, id desc)`.execute(db);
  },
};

/**
 * The user record's points are a snapshot from gamification (points.awarded): `points_version` keeps
 * only newer snapshots, and `points_week` / `points_month` say which Central Time week and month the
 * weekly and monthly figures count, so they read as 0 once that window has passed (no reset job).
 * Existing figures are taken as this week's and month's: the nearest honest reading of the old counters.
 */
const m0009_points_snapshot: Migration = {
  async up(db) {
    await sql`alter table users add column points_version bigint not null default 0,
      add column points_week date, add column points_month date`.execute(db);
    await sql`update users set
      points_week = (now() at time zone 'America/Chicago')::date - extract(dow from (now() at time zone 'America/Chicago'))::int,
      points_month = date_trunc('month', now() at time zone 'America/Chicago')::date
      where weekly_points > 0 or monthly_points > 0`.execute(db);
  },
};

/**
 * The user's copy of billing's subscription state (issue 14): enough to apply the Premium rule at read
 * time (Premium ends at the end of the paid period), and the version of the copy, so an older
 * subscription.* event arriving late never overwrites a newer one.
 */
const m0010_subscription_state: Migration = {
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('subscription_status', 'text')
      .addColumn('subscription_plan', 'text')
      .addColumn('subscription_cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('subscription_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * What keeps the admin area fast with 100,000 golfers: a trigram index so an email search matches any
 * part of the address without reading every row (pg_trgm is a trusted extension: no superuser needed),
 * and an index on when analyses were created for the operator's last-24-hours view. The user list
 * itself pages on the primary key (newest first), which needs no index of its own.
 */
const m0011_admin_lists: Migration = {
  async up(db) {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index users_email_trgm on users using gin (lower(email) public.gin_trgm_ops)`.execute(db);
    await db.schema.createIndex('swing_analyses_created').on('swing_analyses').column('created_at').execute();
  },
};

/**
 * A completed analysis can be measured again with a newer measurement (`pnpm analyses:remeasure`) while
 * keeping its completion time (the admin's processing times read it): the measurement gets its own time,
 * which is the first one for every analysis completed so far.
 */
const m0012_measured_at: Migration = {
  async up(db) {
    await db.schema.alterTable('swing_analyses').addColumn('measured_at', 'timestamptz').execute();
    await sql`update swing_analyses set measured_at = completed_at where completed_at is not null`.execute(db);
  },
};

/**
 * Which measurement read each analysis' figures, so that after a release that measures better the worker
 * measures the older ones again by itself (`analysis.remeasure-older`), oldest first; and which edition
 * already tried and could not, so it is not tried again and again. The index serves that search.
 */
const m0013_measurement_edition: Migration = {
  async up(db) {
    await db.schema.alterTable('swing_analyses').addColumn('measurement_edition', 'integer').addColumn('remeasure_tried_edition', 'integer').execute();
    await sql`create index swing_analyses_measurement_edition on swing_analyses ((coalesce(measurement_edition, 0)), id) where status = 'complete'`.execute(db);
  },
};

/**
 * A failed analysis gives its upload back (the failure card says 'Try Again'). `upload_returned_at` marks the
 * analysis whose upload was returned, so the return happens once however often analysis.failed arrives;
 * `returned_at` marks the premium club allowance it gave back (kept, not deleted: the allowance table is the
 * record of what each week spent). Analyses that failed before this are left as they were: their points
 * were never taken back either, and an admin's usage reset frees a golfer stuck on one.
 */
const m0014_failed_upload_returned: Migration = {
  async up(db) {
    await db.schema.alterTable('swing_analyses').addColumn('upload_returned_at', 'timestamptz').execute();
    await db.schema.alterTable('upload_allowances').addColumn('returned_at', 'timestamptz').execute();
  },
};

/**
 * The admin's Analysis Views counter (users.analysis_views_used) counts a golfer's analyses opened, each
 * once: `first_viewed_at` marks a completed analysis whose first view was counted. Analyses opened before
 * this were never counted and stay unmarked: their next view is counted.
 */
const m0015_analysis_first_viewed: Migration = {
  async up(db) {
    await db.schema.alterTable('swing_analyses').addColumn('first_viewed_at', 'timestamptz').execute();
  },
};

/**
 * A retried exercise-log POST (a phone on a bad network resends it) saved a second entry. The client's
 * idempotency key is kept with the entry it saved, unique per golfer, so the database decides between a
 * request and its resend even when both arrive at once. Entries without a key (completions, older
 * clients) keep null, which the constraint never compares.
 */
const m0016_exercise_log_idempotency: Migration = {
  async up(db) {
    await db.schema.alterTable('exercise_logs').addColumn('idempotency_key', 'text').execute();
    await db.schema.alterTable('exercise_logs').addUniqueConstraint('exercise_logs_once_per_key', ['user_id', 'idempotency_key']).execute();
  },
};

export const coreMigrations: Migrations = {
  '0001_accounts': m0001_accounts,
  '0002_outbox': outboxMigration(),
  '0003_inbox': inboxMigration(),
  '0004_swing_analyses': m0004_swing_analyses,
  '0005_upload_allowances': m0005_upload_allowances,
  '0006_admin_audit': m0006_admin_audit,
  '0007_backbone': m0007_backbone,
  '0008a_catalog': m0008a_catalog,
  '0008b_workouts': m0008b_workouts,
  '0009_points_snapshot': m0009_points_snapshot,
  '0010_subscription_state': m0010_subscription_state,
  '0011_admin_lists': m0011_admin_lists,
  '0012_measured_at': m0012_measured_at,
  '0013_measurement_edition': m0013_measurement_edition,
  '0014_failed_upload_returned': m0014_failed_upload_returned,
  '0015_analysis_first_viewed': m0015_analysis_first_viewed,
  '0016_exercise_log_idempotency': m0016_exercise_log_idempotency,
};
