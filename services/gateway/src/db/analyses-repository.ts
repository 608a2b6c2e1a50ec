import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  AnalysisResults,
  CameraView,
  ExerciseRecommendation,
  LaunchMonitorAnalysis,
  LaunchMonitorInput,
  MobilityAnalysis,
  PoseSummary,
  SwingAnalysis,
  TechnicalDetails,
} from '@swingfit/contracts';
import { launchNumbersOf, type CoreDatabase, type SwingAnalysesTable } from '@swingfit/core-db';
import { premiumNow } from '../domain/premium.js';

type Db = Kysely<CoreDatabase> | Transaction<CoreDatabase>;
export type AnalysisRow = Selectable<SwingAnalysesTable>;

/* Every query on core.swing_analyses the gateway makes, and the one mapping from a row to the API shape. */

export const KEYFRAMES = ['address', 'top', 'impact', 'finish'] as const;
export type KeyframeName = (typeof KEYFRAMES)[number];

/** Derived object keys per camera view, as the worker writes them into the row's `media`. */
export interface ViewMedia {
  playback?: string;
  poster?: string;
  keyframes?: Partial<Record<KeyframeName, string>>;
  pose?: string;
}

/** Bucket prefix of everything stored for one analysis (originals and derived media). */
export const analysisPrefix = (userId: number, analysisId: number) => `users/${userId}/analyses/${analysisId}/`;
export const originalKey = (userId: number, analysisId: number, view: CameraView) => `${analysisPrefix(userId, analysisId)}${view}/original`;

/** The gateway route that serves one stored asset of an analysis to its owner. */
export const mediaUrl = (analysisId: number, view: CameraView, asset: string) => `/api/media/analyses/${analysisId}/${view}/${asset}`;

/** The analysis id is taken before the row exists: the originals' keys contain it. */
export async function reserveAnalysisId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence('core.swing_analyses', 'id')) as id`.execute(db);
  return Number(rows[0]!.id);
}

export interface NewAnalysis extends LaunchMonitorInput {
  id: number;
  userId: number;
  clubSelection: string;
  tourComparison: 'pga' | 'lpga';
  gender: 'male' | 'female' | null;
  age: number | null;
  faceOnKey: string;
  downTheLineKey: string | null;
  probe: unknown;
  uploadWeek: string;
  /** Premium uploads spend the week's allowance for their club; a free plan's one upload does not (it has its own limit). */
  spendsWeeklyAllowance: boolean;
}

export async function insertAnalysis(db: Db, a: NewAnalysis): Promise<void> {
  await db
    .insertInto('swing_analyses')
    .values({
      id: a.id as never,
      user_id: a.userId,
      status: 'pending',
      club_selection: a.clubSelection,
      tour_comparison: a.tourComparison,
      gender: a.gender,
      age: a.age,
      club_speed: a.clubSpeed,
      ball_speed: a.ballSpeed,
      carry: a.carry,
      total: a.total,
      spin_rate: a.spinRate,
      club_path: a.clubPath,
      face_angle: a.faceAngle,
      face_on_key: a.faceOnKey,
      down_the_line_key: a.downTheLineKey,
      probe: JSON.stringify(a.probe),
      upload_week: a.uploadWeek,
    })
    .execute();
  if (a.spendsWeeklyAllowance) await db.insertInto('upload_allowances').values({ user_id: a.userId, club_selection: a.clubSelection, upload_week: a.uploadWeek, analysis_id: a.id }).execute();
}

/**
 * Clubs this user already spent their weekly allowance on (week = the upload_week date), deleted analyses
 * included; an allowance a failed analysis gave back (returned_at) is not spent.
 */
export async function clubsUploadedInWeek(db: Db, userId: number, week: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('upload_allowances')
    .select('club_selection')
    .distinct()
    .where('user_id', '=', userId)
    .where('upload_week', '=', week)
    .where('returned_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.club_selection));
}

export function findOwnedAnalysis(db: Db, userId: number, id: number) {
  return db.selectFrom('swing_analyses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function listUserAnalyses(db: Db, userId: number) {
  return db.selectFrom('swing_analyses').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The same user's analysis of the same club uploaded just before this one. */
export function findPreviousAnalysis(db: Db, current: AnalysisRow) {
  return db
    .selectFrom('swing_analyses')
    .selectAll()
    .where('user_id', '=', current.user_id)
    .where('club_selection', '=', current.club_selection)
    .where((eb) => eb.or([eb('created_at', '<', current.created_at), eb.and([eb('created_at', '=', current.created_at), eb('id', '<', current.id)])]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface ClubAverages {
  count: number;
  clubSpeed: number | null;
  ballSpeed: number | null;
  spinRate: number | null;
  carry: number | null;
}

/** Averages of the numbers on complete analyses of one club since a moment (rows with no numbers do not count). */
export async function averageLaunchNumbers(db: Db, userId: number, club: string, since: Date): Promise<ClubAverages> {
  const row = await db
    .selectFrom('swing_analyses')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number | null>`avg(club_speed)::float8`.as('club_speed'),
      sql<number | null>`avg(ball_speed)::float8`.as('ball_speed'),
      sql<number | null>`avg(spin_rate)::float8`.as('spin_rate'),
      sql<number | null>`avg(carry)::float8`.as('carry'),
    ])
    .where('user_id', '=', userId)
    .where('club_selection', '=', club)
    .where('status', '=', 'complete')
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('club_speed', 'is not', null), eb('ball_speed', 'is not', null), eb('carry', 'is not', null), eb('spin_rate', 'is not', null)]))
    .executeTakeFirstOrThrow();
  return { count: row.count, clubSpeed: row.club_speed, ballSpeed: row.ball_speed, spinRate: row.spin_rate, carry: row.carry };
}

/**
 * The golfer's first view of their completed analysis: marks it viewed and adds one to their analysis views
 * in one statement, so two views arriving at once count once. True when this view was the counted one.
 */
export async function countFirstAnalysisView(db: Db, userId: number, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    with first_view as (
      update swing_analyses set first_viewed_at = now()
       where id = ${id} and user_id = ${userId} and status = 'complete' and first_viewed_at is null
      returning user_id
    )
    update users set analysis_views_used = analysis_views_used + 1, updated_at = now()
     where id in (select user_id from first_view)
    returning id`.execute(db);
  return rows.length > 0;
}

export async function deleteOwnedAnalysis(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('swing_analyses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/* Row -> API shape. Older rows and other writers may hold JSON as text: it is read either way. */

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

const asObject = <T>(value: unknown): T | null => {
  const v = parsed(value);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as T) : null;
};
const asList = <T>(value: unknown): T[] => {
  const v = parsed(value);
  return Array.isArray(v) ? (v as T[]) : [];
};
const asTexts = (value: unknown): string[] => asList<unknown>(value).filter((s): s is string => typeof s === 'string');

export function viewMedia(row: Pick<AnalysisRow, 'media'>, view: CameraView): ViewMedia {
  const media = asObject<Record<string, ViewMedia>>(row.media);
  return asObject<ViewMedia>(media?.[view]) ?? {};
}

/** The stored key behind a media asset name (playback.mp4, poster.jpg, keyframes/top.jpg, pose.json), if any. */
export function mediaKey(row: Pick<AnalysisRow, 'media'>, view: CameraView, asset: string): string | undefined {
  const m = viewMedia(row, view);
  if (asset === 'playback.mp4') return m.playback;
  if (asset === 'poster.jpg') return m.poster;
  if (asset === 'pose.json') return m.pose;
  const frame = /^keyframes\/(address|top|impact|finish)\.jpg$/.exec(asset)?.[1] as KeyframeName | undefined;
  return frame ? m.keyframes?.[frame] : undefined;
}

/** The pose summary with its browser URLs pointing at the gateway's media route for this analysis. */
function withMediaUrls(pose: PoseSummary | null, id: number, view: CameraView, media: ViewMedia): PoseSummary | null {
  if (!pose) return null;
  const keyframes: PoseSummary['keyframes'] = {};
  for (const name of KEYFRAMES) if (media.keyframes?.[name]) keyframes[name] = mediaUrl(id, view, `keyframes/${name}.jpg`);
  return { ...pose, keyframes, poseUrl: media.pose ? mediaUrl(id, view, 'pose.json') : null };
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * When a completed analysis was measured again (a remeasurement keeps its completion time and stores a new
 * measurement time); null if its figures are the ones it completed with.
 */
export function measuredAgainAt(row: { measured_at: Date | string | null; completed_at: Date | string | null }): string | null {
  return row.measured_at && row.completed_at && iso(row.measured_at) !== iso(row.completed_at) ? iso(row.measured_at) : null;
}

export function toSwingAnalysis(row: AnalysisRow): SwingAnalysis {
  const id = Number(row.id);
  const faceOn = viewMedia(row, 'face-on');
  const downTheLine = viewMedia(row, 'down-the-line');
  return {
    id,
    userId: Number(row.user_id),
    createdAt: iso(row.created_at),
    status: row.status,
    clubSelection: row.club_selection as SwingAnalysis['clubSelection'],
    tourComparison: row.tour_comparison,
    gender: row.gender,
    age: row.age,
    ...launchNumbersOf(row),
    faceOnVideoUrl: faceOn.playback ? mediaUrl(id, 'face-on', 'playback.mp4') : null,
    downTheLineVideoUrl: downTheLine.playback ? mediaUrl(id, 'down-the-line', 'playback.mp4') : null,
    posterUrl: faceOn.poster ? mediaUrl(id, 'face-on', 'poster.jpg') : null,
    downTheLinePosterUrl: downTheLine.poster ? mediaUrl(id, 'down-the-line', 'poster.jpg') : null,
    keyIssues: asTexts(row.key_issues),
    recommendations: asTexts(row.recommendations),
    exerciseRecommendations: asList<ExerciseRecommendation>(row.exercise_recommendations),
    performanceAssessment: row.performance_assessment,
    launchMonitorAssessment: row.launch_monitor_assessment,
    swingStrengths: asTexts(row.swing_strengths),
    swingWeaknesses: asTexts(row.swing_weaknesses),
    technicalDetails: asObject<TechnicalDetails>(row.technical_details),
    mobilityAnalysis: asObject<MobilityAnalysis>(row.mobility_analysis),
    analysisResults: asObject<AnalysisResults>(row.analysis_results),
    launchMonitor: asObject<LaunchMonitorAnalysis>(row.launch_monitor),
    pose: withMediaUrls(asObject<PoseSummary>(row.pose), id, 'face-on', faceOn),
    downTheLinePose: withMediaUrls(asObject<PoseSummary>(row.down_the_line_pose), id, 'down-the-line', downTheLine),
    measuredAgainAt: measuredAgainAt(row),
  };
}

/* The plan facts an upload decision needs, read from core.users. */

export interface UploadPlanFacts {
  isPremium: boolean;
  videoUploadsUsed: number;
  analysisViewsUsed: number;
  workoutViewsUsed: number;
}

async function readPlan(db: Db, userId: number, lock: boolean): Promise<UploadPlanFacts | undefined> {
  let query = db
    .selectFrom('users')
    .select(['is_premium', 'subscription_status', 'subscription_end_date', 'subscription_cancel_at_period_end', 'video_uploads_used', 'analysis_views_used', 'workout_views_used'])
    .where('id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { isPremium: premiumNow(row), videoUploadsUsed: row.video_uploads_used, analysisViewsUsed: row.analysis_views_used, workoutViewsUsed: row.workout_views_used };
}

export const readUploadPlan = (db: Db, userId: number) => readPlan(db, userId, false);

/**
 * readUploadPlan and clubsUploadedInWeek (the same clubs: returned allowances left out) in one round trip (GET /api/upload-status reads both on every
 * home screen). The clubs come whatever the plan; the caller ignores them for a free golfer.
 */
export async function readUploadPlanAndWeek(db: Db, userId: number, week: string): Promise<(UploadPlanFacts & { clubsThisWeek: Set<string> }) | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select(['is_premium', 'subscription_status', 'subscription_end_date', 'subscription_cancel_at_period_end', 'video_uploads_used', 'analysis_views_used', 'workout_views_used'])
    .select(sql<string[]>`array(select distinct a.club_selection from upload_allowances a where a.user_id = u.id and a.upload_week = ${week} and a.returned_at is null)`.as('clubs'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    isPremium: premiumNow(row),
    videoUploadsUsed: row.video_uploads_used,
    analysisViewsUsed: row.analysis_views_used,
    workoutViewsUsed: row.workout_views_used,
    clubsThisWeek: new Set(row.clubs),
  };
}

/** Locks the user's row until the transaction ends: two uploads racing for the last allowance queue here. */
export const lockUploadPlan = (trx: Transaction<CoreDatabase>, userId: number) => readPlan(trx, userId, true);

export async function countUpload(trx: Transaction<CoreDatabase>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ video_uploads_used: sql`video_uploads_used + 1`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/* Giving a failed analysis' upload back (services/failed-uploads.ts). */

/** The owner of a failed analysis whose upload has not been given back yet; undefined otherwise (or gone). */
export async function failedUploadOwner(db: Db, analysisId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('swing_analyses')
    .select('user_id')
    .where('id', '=', analysisId)
    .where('status', '=', 'failed')
    .where('upload_returned_at', 'is', null)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/**
 * Marks the failed analysis' upload given back, and its premium club allowance with it. True only for the
 * call that marked it: the row is re-checked as it is updated, so two deliveries cannot both return it.
 */
export async function markUploadReturned(trx: Transaction<CoreDatabase>, analysisId: number): Promise<boolean> {
  const marked = await trx
    .updateTable('swing_analyses')
    .set({ upload_returned_at: sql`now()` })
    .where('id', '=', analysisId)
    .where('status', '=', 'failed')
    .where('upload_returned_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!marked) return false;
  await trx.updateTable('upload_allowances').set({ returned_at: sql`now()` }).where('analysis_id', '=', analysisId).where('returned_at', 'is', null).execute();
  return true;
}

/** The user's uploads-used counter, locking their row as an upload does (lockUploadPlan): one lock order. */
export async function lockUploadsUsed(trx: Transaction<CoreDatabase>, userId: number): Promise<number | undefined> {
  const row = await trx.selectFrom('users').select('video_uploads_used').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row?.video_uploads_used;
}

export async function setUploadsUsed(trx: Transaction<CoreDatabase>, userId: number, used: number): Promise<void> {
  await trx.updateTable('users').set({ video_uploads_used: used, updated_at: sql`now()` }).where('id', '=', userId).execute();
}
