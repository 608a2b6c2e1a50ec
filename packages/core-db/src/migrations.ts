import { sql, type Migration } from 'kysely';
import { inboxMigration, outboxMigration, type Migrations } from '@swingfit/server-kit';

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

export const coreMigrations: Migrations = {
  '0001_accounts': m0001_accounts,
  '0002_outbox': outboxMigration(),
  '0003_inbox': inboxMigration(),
  '0004_swing_analyses': m0004_swing_analyses,
  '0005_upload_allowances': m0005_upload_allowances,
};
