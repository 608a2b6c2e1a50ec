import { deriveFocusAreas, type ExerciseRecommendation, type FocusCategory } from '@swingfit/contracts';
import { metric, type MetricFact, type WriteUpFacts } from './facts.js';

/*
 * From measurements to workout focus: the measured figures are described in the words the spec's
 * focus-area rule reads (limited, early extension, compromised...), so the workout service and this
 * writer pick the same four categories from the same analysis.
 */

/** Beyond this spine-angle change (degrees) between address and impact the golfer has lost posture. */
export const POSTURE_LOSS_DEG = 10;
/** Up to this change, posture counts as held. */
export const POSTURE_HELD_DEG = 5;
/** Lateral movement (centimetres) beyond which head or hips are swaying rather than turning. */
export const SWAY_CM = 10;
/** Up to this movement, head or hips count as steady. */
export const STEADY_CM = 5;

const NOT_MEASURABLE = 'not measurable from this view';

function degrees(m: MetricFact | undefined): string {
  if (!m || !m.measurable || m.value === null) return NOT_MEASURABLE;
  return `${m.value}°${m.verdict === 'below' ? ' (limited)' : ''}`;
}

export interface MeasuredAnalysisText {
  mobilityAnalysis: { shoulderTurn: string; hipRotation: string; xFactor: string; spineAngle: string };
  analysisResults: { posture?: string; balance?: string };
}

export const measured = (m: MetricFact | undefined): m is MetricFact & { value: number } => !!m && m.measurable && m.value !== null;

/** The spec's mobilityAnalysis / analysisResults texts for the measured swing. */
export function measuredAnalysisText(facts: WriteUpFacts): MeasuredAnalysisText {
  const shoulder = metric(facts, 'shoulderTurn');
  const spineChange = metric(facts, 'spineAngleChange');
  const spineAddress = metric(facts, 'spineAngleAddress');
  const headSway = metric(facts, 'headSway');
  const hipSway = metric(facts, 'hipSway');

  let spineAngle = NOT_MEASURABLE;
  let posture: string | undefined;
  if (measured(spineChange)) {
    const change = Math.abs(spineChange.value);
    const atAddress = measured(spineAddress) ? `${spineAddress.value}° at address, ` : '';
    if (change > POSTURE_LOSS_DEG) {
      spineAngle = `${atAddress}loss of ${change}° by impact (early extension)`;
      posture = 'Early extension: the golfer uprights through impact';
    } else if (change > POSTURE_HELD_DEG) {
      spineAngle = `${atAddress}changes ${change}° by impact`;
      posture = 'Mostly held through impact';
    } else {
      spineAngle = `${atAddress}maintained (${change}° change)`;
      posture = 'Posture maintained through impact';
    }
  } else if (measured(spineAddress)) {
    spineAngle = `${spineAddress.value}° at address`;
  }

  let balance: string | undefined;
  const headMoves = measured(headSway) && headSway.value > SWAY_CM;
  const hipsMove = measured(hipSway) && hipSway.value > SWAY_CM;
  if (measured(headSway) || measured(hipSway)) {
    balance = headMoves && hipsMove ? 'Compromised: head and hips sway off the ball' : hipsMove ? 'Poor lower-body control: hips slide laterally' : headMoves ? 'Unstable: the head drifts during the swing' : 'Stable and centred';
  }

  return {
    mobilityAnalysis: {
      shoulderTurn: measured(shoulder) ? `${shoulder.value}°` : NOT_MEASURABLE,
      hipRotation: degrees(metric(facts, 'hipRotation')),
      xFactor: degrees(metric(facts, 'xFactor')),
      spineAngle,
    },
    analysisResults: { ...(posture ? { posture } : {}), ...(balance ? { balance } : {}) },
  };
}

interface CategoryPlan {
  exercises: string[];
  why: (facts: WriteUpFacts) => string;
}

const PLANS: Record<FocusCategory, CategoryPlan> = {
  'Core Control & Rotational Strength': {
    exercises: ['Pallof Press', 'Dead Bug', 'Half-Kneeling Cable Chop'],
    why: (f) => {
      const change = metric(f, 'spineAngleChange');
      return measured(change) && Math.abs(change.value) > POSTURE_LOSS_DEG
        ? `Your spine angle changed by ${Math.abs(change.value)}° between address and impact; a stronger core holds your posture while the body rotates.`
        : 'A strong, rotationally stable core passes the speed of the hips on to the club and protects the lower back.';
    },
  },
  'Thoracic Spine Mobility': {
    exercises: ['Open Book Stretch', 'Quadruped Thoracic Rotation', 'Foam Roller Thoracic Extension'],
    why: (f) => {
      const shoulder = metric(f, 'shoulderTurn');
      return measured(shoulder) && shoulder.verdict === 'below'
        ? `Your shoulder turn measured ${shoulder.value}° against the 85-95° target; a freer upper back lets the shoulders turn fully without swaying.`
        : 'Upper-back rotation is what lets the shoulders turn fully while the lower back stays quiet.';
    },
  },
  'Lower Body Stability & Strength': {
    exercises: ['Goblet Squat', 'Single-Leg Romanian Deadlift', 'Lateral Band Walk'],
    why: (f) => {
      const sway = metric(f, 'hipSway');
      return measured(sway) && sway.value > SWAY_CM
        ? `Your hips moved ${sway.value} cm sideways during the swing; stronger glutes and legs keep the pelvis turning in place.`
        : 'Strong, stable legs are the platform you push against for speed and the base that keeps the swing centred.';
    },
  },
  'Pelvic Mobility & Control': {
    exercises: ['90/90 Hip Switches', 'Hip Controlled Articular Rotations', 'Standing Pelvic Rotations'],
    why: (f) => {
      const hips = metric(f, 'hipRotation');
      return measured(hips) && hips.verdict === 'below'
        ? `Your hips turned ${hips.value}° against the 40-50° target; freer hips let you turn behind the ball and lead the downswing.`
        : 'Hips that rotate freely and independently of the upper body start the downswing and create separation.';
    },
  },
  'Shoulder Mobility & Stability': {
    exercises: ['Wall Slides', 'Band External Rotation', 'Sleeper Stretch'],
    why: (f) => {
      const shoulder = metric(f, 'shoulderTurn');
      return measured(shoulder) && shoulder.verdict === 'below'
        ? `At ${shoulder.value}° your shoulder turn is short of the 85-95° target; mobile, stable shoulders let the arms reach a full top position.`
        : 'Mobile and stable shoulders let the arms swing on plane and keep the rotator cuff healthy.';
    },
  },
  'Postural Integrity': {
    exercises: ['Dowel Hip Hinge', 'Glute Bridge', 'Wall Angels'],
    why: (f) => {
      const change = metric(f, 'spineAngleChange');
      return measured(change) && Math.abs(change.value) > POSTURE_LOSS_DEG
        ? `Standing up through impact (a ${Math.abs(change.value)}° spine-angle change) moves the low point and the face; hinge strength keeps you in posture.`
        : 'A solid hip hinge and upright, neutral spine make a repeatable address position.';
    },
  },
  'Ankle Mobility & Foot Function': {
    exercises: ['Knee-to-Wall Ankle Mobilisation', 'Single-Leg Balance Reach', 'Short Foot Exercise'],
    why: (f) => {
      const head = metric(f, 'headSway');
      return measured(head) && head.value > SWAY_CM
        ? `Your head moved ${head.value} cm during the swing; steadier feet and ankles give a stable base to turn over.`
        : 'Feet and ankles that grip the ground let you shift pressure without losing balance.';
    },
  },
};

/** The four focus categories for this swing, each with named exercises and why. */
export function exerciseRecommendations(facts: WriteUpFacts): ExerciseRecommendation[] {
  const text = measuredAnalysisText(facts);
  return deriveFocusAreas(text).map((category) => ({ category, why: PLANS[category].why(facts), exercises: [...PLANS[category].exercises] }));
}
