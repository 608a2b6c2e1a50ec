import { MOBILITY_TARGETS, TOUR_TEMPO_RATIO, figureFromViews, figureVerdict, figureMarginDeg, metricsWithConfidenceBar, readTempo, tempoSource, type FigureSource, type TempoReading, type MetricComparison, type PoseSummary, type TargetVerdict } from '@swingfit/contracts';
import type { WriteUpInput } from './types.js';

/*
 * The facts a writer may state: measured values and reference values, already rounded the way they are
 * written. The offline writer writes from them, the model is given them, and the grounding check allows
 * exactly the numbers they contain.
 */

export type MetricKey = keyof PoseSummary['metrics'];
export type Verdict = TargetVerdict;

export interface MetricFact {
  key: MetricKey;
  label: string;
  measurable: boolean;
  value: number | null;
  unit: '°' | 'cm' | '' | 's' | 'head widths';
  /** The camera view this figure needs, and the one it came from. */
  needsView: 'face-on' | 'down-the-line' | 'any';
  fromView: FigureSource | null;
  target: { min: number; max: number } | null;
  /** Null for a lower limit short of its target's top: whether the whole turn reached it is not known. */
  verdict: Verdict | null;
  /**
   * The figure is a lower limit: the view saw the turn go at least this far, not where it ended
   * (contracts FACE_ON_SHOULDER_LIMIT_DEG). Never called short of a target.
   */
  atLeast: boolean;
  note: string | null;
  /** Not measurable because no analysed view can show it ('view'), or because a view that can was not read reliably. */
  withheld: 'view' | 'uncertain' | null;
}

export interface LaunchFact {
  metric: MetricComparison['metric'];
  label: string;
  value: number;
  unit: string;
  tour: number | null;
  amateur: number | null;
  diffFromTour: number | null;
  diffFromAmateur: number | null;
}

export interface WriteUpFacts {
  club: string;
  tour: string;
  launch: null | {
    comparisons: LaunchFact[];
    smashFactor: number | null;
    clubPath: string | null;
    ballFlight: null | { description: string; curve: string; start: string; faceToPathDeg: number };
  };
  swing: null | {
    handedness: 'right' | 'left';
    viewsAnalysed: string[];
    /**
     * Timed from a real-time video only (null when there is none: the tempo card says why). `reach`
     * is how far the ratio could be from its reading, each event being read to the nearest frame, and
     * `verdict` what may be said of it (contracts tempoVerdict: null when the camera cannot tell).
     */
    tempo: null | ({ backswingSec: number; downswingSec: number } & TempoReading);
    metrics: MetricFact[];
    /** What the page shows nowhere else about the videos, to say once (cautionsFor). */
    cautions: string[];
  };
  references: {
    mobilityTargets: { hipRotationDeg: string; shoulderTurnDeg: string; xFactorDeg: string };
    tourTempo: string;
    amateurReference: string;
  };
}

export const LAUNCH_LABELS: Record<MetricComparison['metric'], string> = {
  clubSpeed: 'Club speed',
  ballSpeed: 'Ball speed',
  smashFactor: 'Smash factor',
  carry: 'Carry',
  total: 'Total distance',
  spinRate: 'Spin rate',
};

const DECIMALS: Record<MetricComparison['metric'], number> = { clubSpeed: 1, ballSpeed: 1, smashFactor: 2, carry: 0, total: 0, spinRate: 0 };

export const METRIC_LABELS: Record<MetricKey, string> = {
  shoulderTurn: 'Shoulder turn',
  hipRotation: 'Hip rotation',
  xFactor: 'X-Factor',
  spineAngleAddress: 'Spine angle at address',
  spineAngleChange: 'Spine angle change (address to impact)',
  headSway: 'Head sway',
  hipSway: 'Hip sway',
};

const METRIC_ORDER: MetricKey[] = ['shoulderTurn', 'hipRotation', 'xFactor', 'spineAngleAddress', 'spineAngleChange', 'headSway', 'hipSway'];

const TARGETS: Partial<Record<MetricKey, { min: number; max: number }>> = {
  shoulderTurn: MOBILITY_TARGETS.shoulderTurn,
  hipRotation: MOBILITY_TARGETS.hipRotation,
  xFactor: MOBILITY_TARGETS.xFactor,
};

export const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

const UNITS = { deg: '°', cm: 'cm', ratio: '', s: 's', headWidths: 'head widths' } as const;

/** A video's figures as the detail screen shows them: one an older analysis stored under today's confidence bar is withheld. */
const asShown = (pose: PoseSummary | null) => pose && metricsWithConfidenceBar(pose.metrics);

/**
 * One figure per metric from the two views, by the rule the detail screen uses too (figureFromViews): a
 * turn both views read is read from both, any other figure from the view that gives it, else a "not
 * measurable" entry so the writer can say why. A figure under the confidence bar (an older analysis's,
 * written again) is one of those: judged, it set key issues and the workout focus beside a page that
 * shows it as not measured reliably.
 */
function metricFact(key: MetricKey, faceOn: PoseSummary | null, downTheLine: PoseSummary | null): MetricFact | null {
  const found = figureFromViews(key, asShown(faceOn), asShown(downTheLine));
  if (!found) return null;
  const { figure: metric, fromView } = found;
  const measurable = metric.measurable && metric.value !== null && Number.isFinite(metric.value);
  // Degrees are written whole; nobody can act on a tenth of a degree. Head widths keep two decimals.
  const value = measurable ? round(metric.value!, metric.unit === 'deg' ? 0 : 2) : null;
  const target = TARGETS[key] ?? null;
  return {
    key,
    label: METRIC_LABELS[key],
    measurable,
    value,
    unit: UNITS[metric.unit],
    needsView: metric.view,
    fromView: measurable ? fromView : null,
    target,
    // Judged only beyond how finely the camera reads it (contracts figureMarginDeg): nearer, it is near the target.
    verdict: value !== null && target ? figureVerdict({ value, atLeast: metric.atLeast, marginDeg: figureMarginDeg(key, fromView, value) }, target) : null,
    atLeast: measurable && metric.atLeast === true,
    note: metric.note ?? null,
    withheld: measurable ? null : (metric.withheld ?? 'view'),
  };
}

/** The face-on and down-the-line summaries by the view each video was read as (not the slot it came in). */
function byView(poses: PoseSummary[]): [PoseSummary | null, PoseSummary | null] {
  const downTheLine = poses.find((p) => p.view === 'down-the-line') ?? null;
  return [poses.find((p) => p !== downTheLine) ?? null, downTheLine];
}

/**
 * The notes about a video the page shows nowhere else. Each fact is said once, on its card: the tempo
 * card (shown for the video the tempo comes from, contracts tempoSource) says when that video plays in
 * slow motion and so is not timed, with what to do, when it looks like the other view, and when it held
 * more than one swing; with two videos its badge says which one is timed, and the key frames of a
 * slow-motion video say their times are not real time. The assessment once said all of it again below
 * its point ("The down-the-line video plays in slow motion, and phones often slow down only part of a
 * clip, so your tempo is not timed from it."). `onTempoCard`: the tempo card shows this video's notes.
 */
function cautionsFor(pose: PoseSummary, slot: 'face-on' | 'down-the-line', onTempoCard: boolean): string[] {
  const cautions: string[] = [];
  // The upload is named by its slot once, where the mismatch is said; after that by the view the camera
  // had, as the detail screen titles the video (a down-the-line clip uploaded as face-on is 'Down-the-Line').
  if (!pose.viewMatchesSlot && !onTempoCard) cautions.push(`The ${slot} upload looks like a ${pose.view} view, so figures were read for the view the camera actually had.`);
  const video = pose.view;
  if (pose.personFoundRatio < 0.8) cautions.push(`The golfer was hard to see in part of the ${video} video, so some figures are approximate.`);
  if (pose.multipleSwings && !onTempoCard) cautions.push(`The ${video} video holds more than one swing; the fastest one was measured.`);
  // The key frames show the finish as not filmed; this adds what to do about it.
  // The mobility card says it under each figure; this says it beside the assessment, whose 'nothing needs
  // fixing' would otherwise read as a verdict on a body the video did not let anyone see.
  if (pose.throughNet) cautions.push(`The ${video} video was filmed through a net, so your body was not measured from it; film from beside the net to have it read.`);
  if (pose.againstTheLight) cautions.push(`The ${video} video was filmed against the light, so your body showed as a dark outline and was not measured from it; film with the light behind the phone to have it read.`);
  if (pose.endsBeforeFinish) cautions.push(`The ${video} video stops just after impact, so your finish is not shown; keep filming until you hold your finish.`);
  // Slow motion is never said here: the tempo card or the badge and key frames say it (above).
  return cautions;
}

/** The tempo as the writers may state it, with how far the frames let it reach (contracts readTempo). */
function tempoFact(pose: PoseSummary): NonNullable<WriteUpFacts['swing']>['tempo'] {
  const { tempo } = pose;
  // A slow-motion clip is not timed (contracts tempoSource): its backswing may play at another speed.
  if (pose.slowMotion || tempo.backswingSec === null || tempo.downswingSec === null || !(tempo.ratio > 0) || !Number.isFinite(tempo.ratio)) return null;
  return { backswingSec: round(tempo.backswingSec, 2), downswingSec: round(tempo.downswingSec, 2), ...readTempo(pose) };
}

export function buildFacts(input: WriteUpInput): WriteUpFacts {
  const lm = input.launchMonitor;
  const poses = [input.pose, input.downTheLinePose].filter((p): p is PoseSummary => p !== null);
  const tempoPose = tempoSource(input.pose, input.downTheLinePose);
  return {
    club: input.club,
    tour: input.tour === 'lpga' ? 'LPGA Tour' : 'PGA Tour',
    launch: lm && {
      comparisons: lm.comparisons.map((c) => {
        const d = DECIMALS[c.metric];
        return {
          metric: c.metric,
          label: LAUNCH_LABELS[c.metric],
          value: round(c.value, d),
          unit: c.unit,
          tour: c.tour === null ? null : round(c.tour, d),
          amateur: c.amateur === null ? null : round(c.amateur, d),
          diffFromTour: c.tour === null ? null : round(c.value - c.tour, d),
          diffFromAmateur: c.amateur === null ? null : round(c.value - c.amateur, d),
        };
      }),
      smashFactor: lm.smashFactor === null ? null : round(lm.smashFactor, 2),
      clubPath: lm.clubPathLabel,
      ballFlight: lm.ballFlight && {
        description: lm.ballFlight.description,
        curve: lm.ballFlight.curve,
        start: lm.ballFlight.start,
        faceToPathDeg: round(lm.ballFlight.faceToPath, 1),
      },
    },
    swing:
      poses.length === 0
        ? null
        : {
            handedness: (input.pose ?? poses[0]!).handedness,
            viewsAnalysed: poses.map((p) => p.view),
            tempo: tempoPose ? tempoFact(tempoPose) : null,
            metrics: METRIC_ORDER.map((key) => metricFact(key, ...byView(poses))).filter((m): m is MetricFact => m !== null),
            cautions: [
              ...(input.pose ? cautionsFor(input.pose, 'face-on', tempoPose === input.pose) : []),
              ...(input.downTheLinePose ? cautionsFor(input.downTheLinePose, 'down-the-line', tempoPose === input.downTheLinePose) : []),
            ],
          },
    references: {
      mobilityTargets: {
        hipRotationDeg: `${MOBILITY_TARGETS.hipRotation.min}-${MOBILITY_TARGETS.hipRotation.max}`,
        shoulderTurnDeg: `${MOBILITY_TARGETS.shoulderTurn.min}-${MOBILITY_TARGETS.shoulderTurn.max}`,
        xFactorDeg: `${MOBILITY_TARGETS.xFactor.min}-${MOBILITY_TARGETS.xFactor.max}`,
      },
      tourTempo: `${TOUR_TEMPO_RATIO}:1 backswing to downswing`,
      amateurReference: '15-handicap amateur average',
    },
  };
}

export function metric(facts: WriteUpFacts, key: MetricKey): MetricFact | undefined {
  return facts.swing?.metrics.find((m) => m.key === key);
}

export function launch(facts: WriteUpFacts, key: MetricComparison['metric']): LaunchFact | undefined {
  return facts.launch?.comparisons.find((c) => c.metric === key);
}
