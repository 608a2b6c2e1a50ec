import { FOCUS_EXERCISES, POSTURE_HELD_DEG, SWAY_HEAD_WIDTHS, deriveFocusAreas, headWidthWords, swayHeadWidths, type AnalysisResults, type ExerciseRecommendation, type FocusCategory, type MobilityAnalysis } from '@swingfit/contracts';
import { metric, type MetricFact, type WriteUpFacts } from './facts.js';

/*
 * From measurements to workout focus: the measured figures are described in the words the spec's
 * focus-area rule reads (limited, early extension, compromised...), so the workout service and this
 * writer pick the same four categories from the same analysis.
 */

/** Beyond this spine-angle change (degrees) between address and impact the golfer has lost posture. */
export const POSTURE_LOSS_DEG = 10;

const NOT_MEASURABLE = 'not measurable from this view';
/** A view that shows it, read too unsteadily to give a figure: filming again can help, another angle need not. */
const TOO_UNCERTAIN = 'not measurable from this video: the readings were too uncertain';

const unmeasured = (m: MetricFact | undefined): string => (m?.withheld === 'uncertain' ? TOO_UNCERTAIN : NOT_MEASURABLE);

/**
 * A lower limit carries no number here: the focus-area rule reads the first number as the whole turn
 * (a shoulder turn under 85° asks for mobility work), and the turn went further than this one.
 */
const LOWER_LIMIT = 'not measurable to its end from this view: the lead arm hides the last part of the turn';

function degrees(m: MetricFact | undefined): string {
  if (!m || !m.measurable || m.value === null) return unmeasured(m);
  if (m.atLeast) return LOWER_LIMIT;
  return `${m.value}°${m.verdict === 'below' ? ' (limited)' : ''}`;
}

export interface MeasuredAnalysisText {
  mobilityAnalysis: Required<Pick<MobilityAnalysis, 'shoulderTurn' | 'hipRotation' | 'xFactor' | 'spineAngle'>>;
  analysisResults: AnalysisResults & { mobilityAnalysis: MobilityAnalysis };
}

export const measured = (m: MetricFact | undefined): m is MetricFact & { value: number } => !!m && m.measurable && m.value !== null;

/**
 * Early extension is standing up: forward tilt lost between address and impact (the metric is impact
 * minus address, so a loss is negative). Bending further over is a different fault and not this one.
 */
export const extending = (m: MetricFact | undefined): boolean => measured(m) && -m.value > POSTURE_LOSS_DEG;

/**
 * How far head or hips moved sideways, whichever way: away from the target it is a sway, toward it a
 * slide (a reverse pivot at the top), and both cost balance. The sign only says which way (text).
 */
export const swaySize = (m: MetricFact | undefined): number | null =>
  measured(m) ? swayHeadWidths(m.value, m.unit) : null;
export const swayDirection = (m: MetricFact & { value: number }): string => (m.value >= 0 ? 'away from the target' : 'toward the target');
const swaying = (m: MetricFact | undefined): boolean => (swaySize(m) ?? 0) > SWAY_HEAD_WIDTHS;

/** "hips about half a head-width toward the target", or "head hardly at all" (contracts' headWidthWords). */
function moved(part: string, m: MetricFact & { value: number }): string {
  const words = headWidthWords(swaySize(m)!);
  return words ? `${part} about ${words} ${swayDirection(m)}` : `${part} hardly at all`;
}

/** The spec's mobilityAnalysis / analysisResults texts for the measured swing. */
export function measuredAnalysisText(facts: WriteUpFacts): MeasuredAnalysisText {
  const shoulder = metric(facts, 'shoulderTurn');
  const spineChange = metric(facts, 'spineAngleChange');
  const spineAddress = metric(facts, 'spineAngleAddress');
  const headSway = metric(facts, 'headSway');
  const hipSway = metric(facts, 'hipSway');

  let spineAngle = unmeasured(spineAddress);
  let posture: string | undefined;
  if (measured(spineChange)) {
    const change = Math.abs(spineChange.value);
    const atAddress = measured(spineAddress) ? `${spineAddress.value}° at address, ` : '';
    if (extending(spineChange)) {
      spineAngle = `${atAddress}loss of ${change}° by impact (early extension)`;
      posture = 'Early extension: the golfer uprights through impact';
    } else if (change > POSTURE_HELD_DEG) {
      spineAngle = `${atAddress}${spineChange.value < 0 ? 'less' : 'more'} bent over by ${change}° at impact`;
      posture = spineChange.value < 0 ? 'Mostly held through impact' : 'Mostly held through impact, bending further over the ball';
    } else {
      spineAngle = `${atAddress}maintained (${change}° change)`;
      posture = 'Posture maintained through impact';
    }
  } else if (measured(spineAddress)) {
    spineAngle = `${spineAddress.value}° at address`;
  }

  let balance: string;
  if (measured(headSway) || measured(hipSway)) {
    const headMoves = swaying(headSway);
    const hipsMove = swaying(hipSway);
    const moves = ([['head', headSway], ['hips', hipSway]] as const).flatMap(([part, m]) => (measured(m) ? [moved(part, m)] : []));
    const verdict = headMoves && hipsMove ? 'Compromised: head and hips sway off the ball' : hipsMove ? 'Poor lower-body control: the hips slide sideways' : headMoves ? 'Unstable: the head drifts sideways' : 'Stable and centred';
    balance = `${verdict} (${moves.join(', ')} between address and the top)`;
  } else {
    balance = 'Lateral balance is not measurable from this view: it needs the face-on video';
  }

  const mobilityAnalysis = {
    shoulderTurn: measured(shoulder) ? (shoulder.atLeast ? LOWER_LIMIT : `${shoulder.value}°`) : unmeasured(shoulder),
    hipRotation: degrees(metric(facts, 'hipRotation')),
    xFactor: degrees(metric(facts, 'xFactor')),
    spineAngle,
  };
  return { mobilityAnalysis, analysisResults: { ...(posture ? { posture } : {}), balance, mobilityAnalysis } };
}

/** Why a focus area suits this swing; the exercises it names are the library's (contracts FOCUS_EXERCISES). */
interface CategoryPlan {
  why: (facts: WriteUpFacts) => string;
}

const PLANS: Record<FocusCategory, CategoryPlan> = {
  'Core Control & Rotational Strength': {
    why: (f) => {
      const change = metric(f, 'spineAngleChange');
      return measured(change) && extending(change)
        ? 'You stand up between address and impact; a stronger core holds your posture while the body rotates.'
        : 'A strong, rotationally stable core passes the speed of the hips on to the club and protects the lower back.';
    },
  },
  'Thoracic Spine Mobility': {
    why: (f) => {
      const shoulder = metric(f, 'shoulderTurn');
      return measured(shoulder) && shoulder.verdict === 'below'
        ? 'Your shoulder turn is short of the 85-95° target; a freer upper back lets the shoulders turn fully without swaying.'
        : 'Upper-back rotation is what lets the shoulders turn fully while the lower back stays quiet.';
    },
  },
  'Lower Body Stability & Strength': {
    why: (f) => {
      const sway = metric(f, 'hipSway');
      return measured(sway) && swaying(sway)
        ? `Your hips slide ${swayDirection(sway)} in the backswing; stronger glutes and legs keep the pelvis turning in place.`
        : 'Strong, stable legs are the platform you push against for speed and the base that keeps the swing centred.';
    },
  },
  'Pelvic Mobility & Control': {
    why: (f) => {
      const hips = metric(f, 'hipRotation');
      return measured(hips) && hips.verdict === 'below'
        ? 'Your hips turn less than the 40-50° target; freer hips let you turn behind the ball and lead the downswing.'
        : 'Hips that rotate freely and independently of the upper body start the downswing and create separation.';
    },
  },
  'Shoulder Mobility & Stability': {
    why: (f) => {
      const shoulder = metric(f, 'shoulderTurn');
      return measured(shoulder) && shoulder.verdict === 'below'
        ? 'Your shoulder turn is well short of the 85-95° target; mobile, stable shoulders let the arms reach a full top position.'
        : 'Mobile and stable shoulders let the arms swing on plane and keep the rotator cuff healthy.';
    },
  },
  'Postural Integrity': {
    why: (f) => {
      const change = metric(f, 'spineAngleChange');
      return measured(change) && extending(change)
        ? 'Standing up through impact moves the low point and the face; hinge strength keeps you in posture.'
        : 'A solid hip hinge and upright, neutral spine make a repeatable address position.';
    },
  },
  'Ankle Mobility & Foot Function': {
    why: (f) => {
      const head = metric(f, 'headSway');
      return measured(head) && swaying(head)
        ? `Your head moves ${swayDirection(head)} in the backswing; steadier feet and ankles give a stable base to turn over.`
        : 'Feet and ankles that grip the ground let you shift pressure without losing balance.';
    },
  },
};

/** The four focus categories for this swing, each with named exercises and why. */
export function exerciseRecommendations(facts: WriteUpFacts): ExerciseRecommendation[] {
  const text = measuredAnalysisText(facts);
  return deriveFocusAreas(text).map((category) => ({ category, why: PLANS[category].why(facts), exercises: [...FOCUS_EXERCISES[category]] }));
}
