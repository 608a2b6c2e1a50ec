import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';

/*
 * The swing analysis as the API returns it (specification section 3), plus the fields our pipeline
 * adds (status, launchMonitor, pose). Server and client both use these shapes.
 */

export const ClubSelection = Type.Union([Type.Literal('driver'), Type.Literal('7-iron')]);
export type ClubSelection = Static<typeof ClubSelection>;
export const TourComparison = Type.Union([Type.Literal('pga'), Type.Literal('lpga')]);
export type TourComparison = Static<typeof TourComparison>;
export const AnalysisStatus = Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('complete'), Type.Literal('failed')]);
export type AnalysisStatus = Static<typeof AnalysisStatus>;
export const CameraView = Type.Union([Type.Literal('face-on'), Type.Literal('down-the-line')]);
export type CameraView = Static<typeof CameraView>;

/** One body measurement, honest about whether this camera view supports it. */
export const Metric = Type.Object({
  value: Nullable(Type.Number()),
  /**
   * 'headWidths': sideways movement in widths of the golfer's own head (the camera gives no distances);
   * 'cm' only on analyses from before it.
   */
  unit: Type.Union([Type.Literal('deg'), Type.Literal('cm'), Type.Literal('ratio'), Type.Literal('s'), Type.Literal('headWidths')]),
  measurable: Type.Boolean(),
  /**
   * 0..1: landmark visibility and how closely the readings agree. Figures under CONFIDENCE_BAR are not
   * given (value null, withheld 'uncertain'), so they never drive key issues or the workout.
   */
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  /** The view the metric needs: 'any' when both views support it. */
  view: Type.Union([CameraView, Type.Literal('any')]),
  note: Type.Optional(Type.String()),
  /** Which way the pose model was known to err (analyses from before the turn was read through the backswing). */
  bias: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('high')])),
  /**
   * The figure is a lower limit: the view showed the turn going at least this far, not where it ended
   * (a face-on shoulder turn past FACE_ON_SHOULDER_LIMIT_DEG, and the X-factor read from it). It is not
   * judged short of a target. Not stored: set where the figures are read (withFaceOnLimits, by way of
   * figureFromViews), so analyses of any age read alike.
   */
  atLeast: Type.Optional(Type.Boolean()),
  /**
   * Why a figure is not measurable: the camera view cannot show it ('view'), or this video could not be
   * read reliably enough (the golfer hidden, or the model's readings disagreeing: 'uncertain'). Absent
   * on figures from before it existed, which were all withheld for the view.
   */
  withheld: Type.Optional(Type.Union([Type.Literal('view'), Type.Literal('uncertain')])),
});
export type Metric = Static<typeof Metric>;

export const SwingEvent = Type.Object({ frame: Type.Integer({ minimum: 0 }), timeSec: Type.Number({ minimum: 0 }) });
export type SwingEvent = Static<typeof SwingEvent>;
export const SWING_EVENTS = ['address', 'top', 'impact', 'finish'] as const;
export type SwingEventName = (typeof SWING_EVENTS)[number];

export const PoseSummary = Type.Object({
  view: CameraView,
  viewMatchesSlot: Type.Boolean(),
  handedness: Type.Union([Type.Literal('right'), Type.Literal('left')]),
  fps: Type.Number(),
  frameCount: Type.Integer(),
  personFoundRatio: Type.Number({ minimum: 0, maximum: 1 }),
  multipleSwings: Type.Boolean(),
  /**
   * Someone else swinging in the picture (the next bay of a range) was left out of the pose model's view
   * and the golfer nearer the picture's middle measured: the key frames show whom.
   */
  othersLeftOut: Type.Optional(Type.Boolean()),
  /**
   * Filmed through a hitting net (the worker's net.ts: strands that stay put in front of the moving body):
   * the body figures are withheld, since the pose model reads a body behind strands as turned less than it
   * is; the events and tempo, timed from where the hands are, stand.
   */
  throughNet: Type.Optional(Type.Boolean()),
  /**
   * Filmed against the light (the worker's exposure.ts: the body's lit side within the video's darkest
   * codes, a dark outline): the body figures are withheld, since an outline does not show which way the
   * body faces; the events and tempo, timed from the outline's hands, stand.
   */
  againstTheLight: Type.Optional(Type.Boolean()),
  /**
   * The video holds two pictures side by side (a split screen); the one on `measured`'s side, of the view
   * the video was uploaded as, was read, the other left out.
   */
  sideBySide: Type.Optional(Type.Object({ measured: Type.Union([Type.Literal('left'), Type.Literal('right')]) })),
  /**
   * The clip stops in the follow-through, before the finish (the phone stopped as the ball left): the
   * swing is measured, `events.finish` is the clip's last look and no finish key frame is made.
   */
  endsBeforeFinish: Type.Optional(Type.Boolean()),
  events: Type.Object({
    takeaway: Type.Optional(SwingEvent),
    address: SwingEvent,
    top: SwingEvent,
    impact: SwingEvent,
    finish: SwingEvent,
  }),
  /**
   * Backswing over downswing time; the seconds are real time, or null when the clip plays in slow motion,
   * whose real speed is not known. A slow-motion clip's ratio is kept as read but not shown or judged:
   * phones slow down only part of a clip (rules/tempo.ts tempoSource).
   */
  tempo: Type.Object({ backswingSec: Nullable(Type.Number()), downswingSec: Nullable(Type.Number()), ratio: Type.Number() }),
  /**
   * Present when the clip plays slower than real time: read from the motion itself, `factor` times a
   * nominal 0.3 s downswing (rules/tempo.ts REAL_DOWNSWING_SEC; it spaces the frames measured and is kept
   * with the analysis for support, not said to the golfer: a real downswing lasts 0.18-0.5 s, so the
   * clip's true speed is not known).
   */
  slowMotion: Type.Optional(Type.Object({ factor: Type.Number() })),
  metrics: Type.Object({
    shoulderTurn: Metric,
    hipRotation: Metric,
    xFactor: Metric,
    spineAngleAddress: Metric,
    spineAngleChange: Metric,
    headSway: Metric,
    hipSway: Metric,
  }),
  /** Browser URLs (gateway routes) of the key frames with the skeleton drawn. */
  keyframes: Type.Partial(Type.Object({ address: Type.String(), top: Type.String(), impact: Type.String(), finish: Type.String() })),
  /** Browser URL of the compact per-frame pose JSON (PoseTrack) for the overlay. */
  poseUrl: Nullable(Type.String()),
  models: Type.Optional(Type.Object({ search: Type.String(), measure: Type.String() })),
});
export type PoseSummary = Static<typeof PoseSummary>;

/**
 * Compact per-frame pose for the playback overlay: 2D landmarks normalised to 0..1 of the playback
 * frame, 33 points as [x, y, visibility] rounded to 3 decimals; null where no person was found.
 */
export const PoseTrack = Type.Object({
  fps: Type.Number(),
  width: Type.Integer(),
  height: Type.Integer(),
  frames: Type.Array(Nullable(Type.Array(Type.Array(Type.Number())))),
  connections: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
});
export type PoseTrack = Static<typeof PoseTrack>;

export const MetricComparison = Type.Object({
  metric: Type.Union([Type.Literal('clubSpeed'), Type.Literal('ballSpeed'), Type.Literal('smashFactor'), Type.Literal('carry'), Type.Literal('total'), Type.Literal('spinRate')]),
  value: Type.Number(),
  unit: Type.String(),
  tour: Nullable(Type.Number()),
  amateur: Nullable(Type.Number()),
  /** value minus tour average (same unit). */
  diffFromTour: Nullable(Type.Number()),
});
export type MetricComparison = Static<typeof MetricComparison>;

export const BallFlight = Type.Object({
  faceToPath: Type.Number(),
  curve: Type.Union([Type.Literal('square'), Type.Literal('open'), Type.Literal('closed')]),
  start: Type.Union([Type.Literal('straight'), Type.Literal('right'), Type.Literal('left')]),
  /** e.g. 'Starts right, fades' in golfer's words. */
  description: Type.String(),
});
export type BallFlight = Static<typeof BallFlight>;

/** The launch-monitor analysis computed by the worker from the numbers the golfer entered. */
export const LaunchMonitorAnalysis = Type.Object({
  club: ClubSelection,
  tour: TourComparison,
  smashFactor: Nullable(Type.Number()),
  clubPathLabel: Nullable(Type.String()),
  ballFlight: Nullable(BallFlight),
  comparisons: Type.Array(MetricComparison),
});
export type LaunchMonitorAnalysis = Static<typeof LaunchMonitorAnalysis>;

export const ExerciseRecommendation = Type.Object({
  category: Type.String(),
  why: Type.String(),
  exercises: Type.Array(Type.String()),
});
export type ExerciseRecommendation = Static<typeof ExerciseRecommendation>;

/** technicalDetails: spec fields (error, message, ...) plus pipeline facts; extra keys allowed. */
export const TechnicalDetails = Type.Object(
  {
    error: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    stages: Type.Optional(Type.Array(Type.Object({ name: Type.String(), ms: Type.Number() }))),
    warnings: Type.Optional(Type.Array(Type.String())),
    mobilityAnalysis: Type.Optional(Type.Unknown()),
    swingStrengths: Type.Optional(Type.Array(Type.String())),
    swingWeaknesses: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: true },
);
export type TechnicalDetails = Static<typeof TechnicalDetails>;

/** mobilityAnalysis of the specification: degree strings such as "88°", or "not measurable from this view". */
export const MobilityAnalysis = Type.Object(
  {
    shoulderTurn: Type.Optional(Type.String()),
    hipRotation: Type.Optional(Type.String()),
    xFactor: Type.Optional(Type.String()),
    spineAngle: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type MobilityAnalysis = Static<typeof MobilityAnalysis>;

export const AnalysisResults = Type.Object(
  { posture: Type.Optional(Type.String()), balance: Type.Optional(Type.String()), mobilityAnalysis: Type.Optional(MobilityAnalysis) },
  { additionalProperties: true },
);
export type AnalysisResults = Static<typeof AnalysisResults>;

export const SwingAnalysis = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  createdAt: IsoDateTime,
  status: AnalysisStatus,
  clubSelection: ClubSelection,
  tourComparison: TourComparison,
  gender: Nullable(Type.Union([Type.Literal('male'), Type.Literal('female')])),
  age: Nullable(Type.Integer()),
  clubSpeed: Nullable(Type.Number()),
  ballSpeed: Nullable(Type.Number()),
  carry: Nullable(Type.Number()),
  total: Nullable(Type.Number()),
  spinRate: Nullable(Type.Number()),
  clubPath: Nullable(Type.Number()),
  faceAngle: Nullable(Type.Number()),
  faceOnVideoUrl: Nullable(Type.String()),
  downTheLineVideoUrl: Nullable(Type.String()),
  /** A still of the face-on video, shown before it plays. */
  posterUrl: Nullable(Type.String()),
  /** The same for the down-the-line video (a clip may start on a black frame). */
  downTheLinePosterUrl: Nullable(Type.String()),
  keyIssues: Type.Array(Type.String()),
  recommendations: Type.Array(Type.String()),
  exerciseRecommendations: Type.Array(ExerciseRecommendation),
  performanceAssessment: Nullable(Type.String()),
  launchMonitorAssessment: Nullable(Type.String()),
  swingStrengths: Type.Array(Type.String()),
  swingWeaknesses: Type.Array(Type.String()),
  /** Absent (null) while the analysis is in progress; carries `error` when it failed. */
  technicalDetails: Nullable(TechnicalDetails),
  mobilityAnalysis: Nullable(MobilityAnalysis),
  analysisResults: Nullable(AnalysisResults),
  launchMonitor: Nullable(LaunchMonitorAnalysis),
  pose: Nullable(PoseSummary),
  /** The down-the-line video's pose, when one was uploaded and analysed. */
  downTheLinePose: Nullable(PoseSummary),
  /**
   * When the figures were measured again from the same videos by a newer measurement (after it completed);
   * null if they are the ones it completed with. The golfer is told, so changed figures are not a mystery.
   */
  measuredAgainAt: Type.Optional(Nullable(IsoDateTime)),
});
export type SwingAnalysis = Static<typeof SwingAnalysis>;

/** GET /api/swing-analyses/{id}?status_only=true */
export const AnalysisStatusResponse = Type.Object({
  isComplete: Type.Boolean(),
  hasError: Type.Boolean(),
  status: AnalysisStatus,
  technicalDetails: Nullable(TechnicalDetails),
  mobilityAnalysis: Nullable(MobilityAnalysis),
});
export type AnalysisStatusResponse = Static<typeof AnalysisStatusResponse>;

export const MonthlyAverage = Type.Object({
  hasData: Type.Boolean(),
  count: Type.Integer(),
  clubSpeed: Nullable(Type.Number()),
  ballSpeed: Nullable(Type.Number()),
  smashFactor: Nullable(Type.Number()),
  spinRate: Nullable(Type.Number()),
  carry: Nullable(Type.Number()),
});
export type MonthlyAverage = Static<typeof MonthlyAverage>;

export const UploadStatus = Type.Object({
  isPremium: Type.Boolean(),
  isFreeLimitReached: Type.Boolean(),
  canUploadDriver: Type.Boolean(),
  canUploadSevenIron: Type.Boolean(),
  weeklyDriverUploaded: Type.Boolean(),
  weeklySevenIronUploaded: Type.Boolean(),
  videoUploadsUsed: Type.Integer(),
  videoUploadsLimit: Type.Integer(),
  /** ISO time the weekly allowance renews (next Sunday 00:00 America/Chicago). */
  weekResetsAt: IsoDateTime,
});
export type UploadStatus = Static<typeof UploadStatus>;

export const UsageCounter = Type.Object({ used: Type.Integer(), limit: Type.Integer() });
export const UsageLimits = Type.Object({
  isPremium: Type.Boolean(),
  videoUploads: UsageCounter,
  analysisViews: UsageCounter,
  workoutViews: UsageCounter,
});
export type UsageLimits = Static<typeof UsageLimits>;

export const CreateAnalysisResponse = Type.Object({ id: Type.Integer(), status: AnalysisStatus });
export type CreateAnalysisResponse = Static<typeof CreateAnalysisResponse>;
